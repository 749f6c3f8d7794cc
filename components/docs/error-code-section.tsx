import type { DocumentedCode } from "@/lib/docs/errors/catalogue";
import { entryAnchor, homeCode } from "@/lib/docs/errors/entry-view";
import { codeLabel } from "@/lib/docs/openapi/error-examples";
import { ErrorEntryCard } from "./error-entry-card";

/** The target of one `developerLink`: a code, every entry answering with it, and the entries described here in full. */
export function ErrorCodeSection({ code, origin }: { code: DocumentedCode; origin: string }) {
  const entries = [...code.asCode, ...code.asChild.filter((entry) => !code.asCode.includes(entry))];
  const described = entries.filter((entry) => homeCode(entry) === code.code);
  const elsewhere = entries.filter((entry) => homeCode(entry) !== code.code);
  return (
    <section id={code.anchor} aria-labelledby={`${code.anchor}-title`} className="scroll-mt-4 space-y-3">
      <h2 id={`${code.anchor}-title`} className="font-mono text-lg font-bold break-all">
        {code.code}
      </h2>
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
              <a href={`#${entryAnchor(entry)}`} className="font-mono text-brand-700 underline underline-offset-2">
                {entry.status} {codeLabel(entry)}
              </a>
              : {entry.message}
            </li>
          ))}
        </ul>
      )}
      {described.map((entry) => (
        <ErrorEntryCard key={entry.name} entry={entry} origin={origin} />
      ))}
    </section>
  );
}
