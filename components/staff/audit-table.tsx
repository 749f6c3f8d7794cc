import Link from "next/link";
import { formatDateTime } from "@/lib/i18n/format";
import { auditActions, type AuditAction } from "@/lib/portal/staff/audit-actions";

export interface AuditRowView {
  id: number;
  at: string;
  actor: string;
  actorRole: string;
  action: string;
  outcome: string;
  targetType: string | null;
  targetId: string | null;
  membershipNumber: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  requestId: string;
}

const outcomeTone: Record<string, string> = {
  succeeded: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  attempted: "bg-slate-100 text-slate-800 ring-slate-500/30",
  failed: "bg-rose-50 text-rose-800 ring-rose-600/30",
  unknown: "bg-amber-50 text-amber-900 ring-amber-600/30",
};

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-slate-500">—</span>;
  return (
    <pre className="max-w-full overflow-x-auto text-xs break-all whitespace-pre-wrap">
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

/** Rows of the audit trail, latest first: who did what to whom, why, and what changed. */
export function AuditTable({
  rows,
  previousHref,
  nextHref,
  page,
}: {
  rows: AuditRowView[];
  previousHref?: string;
  nextHref?: string;
  page: number;
}) {
  return (
    <section aria-labelledby="audit-rows-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id="audit-rows-heading" className="sr-only">
        Audit rows
      </h2>
      {rows.length === 0 ? (
        <p role="status" className="px-4 py-8 text-center text-sm text-slate-600">
          No audit rows match these filters.
        </p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.id} className="px-4 py-3 sm:px-6" data-audit-row={row.action}>
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <time dateTime={row.at} className="text-sm text-slate-600">
                  {formatDateTime(row.at)}
                </time>
                <span className="font-semibold text-slate-900">
                  {auditActions[row.action as AuditAction] ?? row.action}
                </span>
                <span
                  className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${outcomeTone[row.outcome] ?? ""}`}
                >
                  {row.outcome}
                </span>
              </div>
              <p className="mt-1 text-sm break-words text-slate-700">
                By <strong>{row.actor}</strong> ({row.actorRole})
                {row.membershipNumber ? (
                  <>
                    {" "}
                    · member{" "}
                    <Link
                      href={`/staff/members/${row.membershipNumber}`}
                      className="font-medium text-brand-700 underline underline-offset-2"
                    >
                      {row.membershipNumber}
                    </Link>
                  </>
                ) : row.targetId ? (
                  <>
                    {" "}
                    · {row.targetType} {row.targetId}
                  </>
                ) : null}
              </p>
              {row.reason ? (
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-900">Reason: {row.reason}</p>
              ) : null}
              {row.before !== null || row.after !== null ? (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer font-medium text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
                    Before and after
                  </summary>
                  <div className="mt-2 grid gap-2 sm:grid-cols-2">
                    <div>
                      <p className="text-xs font-semibold text-slate-600 uppercase">Before</p>
                      <Json value={row.before} />
                    </div>
                    <div>
                      <p className="text-xs font-semibold text-slate-600 uppercase">After</p>
                      <Json value={row.after} />
                    </div>
                  </div>
                </details>
              ) : null}
              <p className="mt-1 text-xs break-all text-slate-600">
                IP {row.ip ?? "unknown"} · request {row.requestId}
              </p>
            </li>
          ))}
        </ol>
      )}
      <nav
        aria-label="Audit pages"
        className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:px-6"
      >
        {previousHref ? (
          <Link
            href={previousHref}
            rel="prev"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            Previous
          </Link>
        ) : (
          <span className="inline-flex min-h-11 items-center px-4 text-sm text-slate-500" aria-disabled="true">
            Previous
          </span>
        )}
        <span className="text-sm text-slate-600">Page {page}</span>
        {nextHref ? (
          <Link
            href={nextHref}
            rel="next"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            Next
          </Link>
        ) : (
          <span className="inline-flex min-h-11 items-center px-4 text-sm text-slate-500" aria-disabled="true">
            Next
          </span>
        )}
      </nav>
    </section>
  );
}
