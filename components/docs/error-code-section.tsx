import { codePagePath, type DocumentedCode } from "@/lib/docs/errors/catalogue";
import { entryAnchor, homeCode } from "@/lib/docs/errors/entry-view";
import { codeLabel } from "@/lib/docs/openapi/error-examples";
import { ErrorEntryCard } from "./error-entry-card";

/**
 * The page of one `developerLink`'s code: every entry answering with it, and
 * the entries described here in full (the others on their own code's page).
 */
export function ErrorCodeSection({ code, origin }: { code: DocumentedCode; origin: string }) {
  const entries = [...code.asCode, ...code.asChild.filter((entry) => !code.asCode.includes(entry))];
  const described = entries.filter((entry) => homeCode(entry) === code.code);
  const elsewhere = entries.filter((entry) => homeCode(entry) !== code.code);
  return (
    <section id={code.anchor} aria-labelledby={`${code.anchor}-title`} className="mt-2 scroll-mt-4 space-y-3">
      <h1 id={`${code.anchor}-title`} className="font-mono text-2xl font-bold tracking-tight break-all">
        {code.code}
      </h1>
      <p className="text-sm text-slate-600">
        {code.asCode.length > 0 && code.asChild.length > 0
          ? "Sent as the error's code and as a child's code."
          : code.asCode.length > 0
            ? "Sent as the error's code."
            : "Sent as a child's code (childError[].code)."}
      </p>
      {elsewhere.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {elsewhere.map((entry) => (
            <li key={entry.name}>
              <a
                href={`${codePagePath(homeCode(entry))}#${entryAnchor(entry)}`}
                className="font-mono text-brand-700 underline underline-offset-2"
              >
                {entry.status} {codeLabel(entry)}
              </a>
              : {entry.message}
            </li>
          ))}
        </ul>
      )}
      {described.length > 0 && (
        <h2 className="pt-3 text-lg font-semibold text-slate-900">
          {described.length === 1 ? "The entry" : `The ${described.length} entries`} in full
        </h2>
      )}
      {described.map((entry) => (
        <ErrorEntryCard key={entry.name} entry={entry} origin={origin} />
      ))}
    </section>
  );
}
