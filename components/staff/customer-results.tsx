import { IntentLink } from "@/components/ui/intent-link";
import { formatShortDate } from "@/lib/i18n/format";
import { programmeName } from "@/lib/portal/sign-in-programmes";
import { textLink } from "@/components/ui/text-link";

export interface CustomerResult {
  membershipNumber: string;
  programme: string;
  firstName: string | null;
  familyName: string | null;
  /** Partly hidden for a role that does not need it in full. */
  email: string | null;
  lastSeenAt: Date;
}

/** The partner's customers that match a name or email search; each opens the member's page. */
export function CustomerResults({ query, results }: { query: string; results: CustomerResult[] }) {
  return (
    <section aria-labelledby="results-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id="results-heading" className="px-4 pt-4 text-lg font-semibold text-slate-900 sm:px-6">
        Members matching “{query}”
      </h2>
      {results.length === 0 ? (
        <p role="status" className="px-4 py-6 text-sm text-slate-600 sm:px-6">
          No customer of ours matches. A member who never signed in to the portal can be found by membership number.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {results.map((result) => (
            <li key={result.membershipNumber} className="px-4 py-3 sm:px-6">
              <IntentLink href={`/staff/members/${result.membershipNumber}`} className={textLink}>
                {[result.firstName, result.familyName].filter(Boolean).join(" ") || "Name not known"}
              </IntentLink>
              <p className="mt-0.5 text-sm break-words text-slate-600">
                {result.membershipNumber} · {programmeName(result.programme)}
                {result.email ? <> · {result.email}</> : null} · last signed in{" "}
                {formatShortDate(result.lastSeenAt.toISOString())}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
