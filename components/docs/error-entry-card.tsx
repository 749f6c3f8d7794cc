import type { CatalogueEntry } from "@/lib/docs/errors/catalogue";
import { errorDocOf } from "@/lib/docs/errors/error-docs";
import {
  entryAnchor,
  expectedText,
  operationsText,
  recipeActor,
  recipeOf,
  recipeShape,
  shapeText,
} from "@/lib/docs/errors/entry-view";
import { curlCommand } from "@/lib/docs/curl";
import { scenarioCurl } from "@/lib/docs/errors/scenario-curl";
import { codeLabel } from "@/lib/docs/openapi/error-examples";
import { CodeBlock } from "./code-block";
import { InlineCodeText } from "./inline-code-text";

/** One catalogue entry: status, shape, operations, meaning, and how to make the sandbox answer it. */
export function ErrorEntryCard({ entry, origin }: { entry: CatalogueEntry; origin: string }) {
  const recipe = recipeOf(entry);
  const forced = scenarioCurl(origin, entry);
  return (
    <article
      id={entryAnchor(entry)}
      aria-labelledby={`${entryAnchor(entry)}-title`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={`${entryAnchor(entry)}-title`} className="font-mono text-sm font-semibold break-all">
        {entry.status} {codeLabel(entry)}
      </h3>
      <p className="mt-1 text-slate-700">{entry.message}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-slate-900">When</dt>
        <dd className="text-slate-700">{errorDocOf(entry.name, entry.message).when}</dd>
        <dt className="font-semibold text-slate-900">Status</dt>
        <dd className="text-slate-700">HTTP {entry.status}</dd>
        <dt className="font-semibold text-slate-900">Shape</dt>
        <dd className="text-slate-700">
          <InlineCodeText text={shapeText(entry)} />
        </dd>
        <dt className="font-semibold text-slate-900">Operations</dt>
        <dd className="text-slate-700">{operationsText(entry)}</dd>
      </dl>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Try it in the sandbox</h4>
      {recipe?.kind === "recipe" ? (
        <div className="text-sm text-slate-700">
          <p className="mt-1">
            {recipe.why} {recipeActor(recipe.request)}
          </p>
          <CodeBlock code={curlCommand(origin, recipe.request)} label={`Request that answers ${codeLabel(entry)}`} />
          <p>
            Answers <InlineCodeText text={expectedText(entry, recipeShape(recipe))} />
          </p>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          <span className="font-semibold">No request can trigger it here: </span>
          {recipe?.reason ?? "no recipe is written for this entry yet."}
        </p>
      )}
      {forced ? (
        <div className="text-sm text-slate-700">
          <p className="mt-3">
            Or force it on any staging key with the header <code className="font-mono">X-Sandbox-Scenario</code>, which
            answers exactly this error and reads or changes nothing:
          </p>
          <CodeBlock code={forced} label={`Force ${entry.name} with X-Sandbox-Scenario`} language="bash" />
        </div>
      ) : null}
    </article>
  );
}
