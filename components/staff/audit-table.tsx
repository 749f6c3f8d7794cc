import { IntentLink } from "@/components/ui/intent-link";
import { formatDateTime } from "@/lib/i18n/format";
import {
  auditActions,
  auditOutcomeLabels,
  type AuditAction,
  type AuditOutcome,
} from "@/lib/portal/staff/audit-actions";
import { auditFields } from "@/lib/portal/staff/audit-fields";
import { isStaffControlName, staffControls } from "@/lib/portal/staff/staff-control-catalogue";
import { Disclosure } from "@/components/ui/disclosure";
import { buttonStyles, ButtonLink } from "@/components/ui/button";
import { textLink } from "@/components/ui/text-link";

export interface AuditRowView {
  id: number;
  at: string;
  /** When the action was attempted, for a line that folds its attempt in. */
  attemptedAt: string | null;
  actor: string;
  actorRole: string;
  action: string;
  outcome: string;
  targetType: string | null;
  targetId: string | null;
  membershipNumber: string | null;
  reason: string | null;
  reasonCode: string | null;
  /** The reason code's words. */
  reasonLabel: string | null;
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
  refused: "bg-rose-50 text-rose-800 ring-rose-600/30",
};

/** Before or after as labelled fields, never raw JSON. */
function Fields({ value }: { value: unknown }) {
  const fields = auditFields(value);
  if (fields.length === 0) return <p className="text-slate-500">—</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {fields.map((field) => (
        <div key={field.label} className="contents">
          <dt className="text-slate-600">{field.label}</dt>
          <dd className="break-all text-slate-900">{field.value}</dd>
        </div>
      ))}
    </dl>
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
                  {auditOutcomeLabels[row.outcome as AuditOutcome] ?? row.outcome}
                </span>
                {row.attemptedAt ? (
                  <span className="text-xs text-slate-600">
                    attempted <time dateTime={row.attemptedAt}>{formatDateTime(row.attemptedAt)}</time>
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-sm break-words text-slate-700">
                By <strong>{row.actor}</strong> ({row.actorRole})
                {row.membershipNumber ? (
                  <>
                    {" "}
                    · member{" "}
                    <IntentLink href={`/staff/members/${row.membershipNumber}`} className={textLink}>
                      {row.membershipNumber}
                    </IntentLink>
                  </>
                ) : row.targetId ? (
                  <>
                    {" "}
                    ·{" "}
                    {row.targetType === "control" && isStaffControlName(row.targetId) ? (
                      <IntentLink href="/staff/controls" className={textLink}>
                        {staffControls[row.targetId].name}
                      </IntentLink>
                    ) : (
                      `${row.targetType} ${row.targetId}`
                    )}
                  </>
                ) : null}
              </p>
              {row.reasonLabel || row.reason ? (
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-900" data-audit-reason>
                  Reason: {row.reasonLabel ?? ""}
                  {row.reasonLabel && row.reason ? " — " : ""}
                  {row.reason ?? ""}
                </p>
              ) : null}
              {row.before !== null || row.after !== null ? (
                <Disclosure className="mt-2 text-sm" summary="Before and after">
                  <div className="mt-2 grid gap-2 sm:grid-cols-2">
                    <div>
                      <p className="text-xs font-semibold text-slate-600 uppercase">Before</p>
                      <Fields value={row.before} />
                    </div>
                    <div>
                      <p className="text-xs font-semibold text-slate-600 uppercase">After</p>
                      <Fields value={row.after} />
                    </div>
                  </div>
                </Disclosure>
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
          <ButtonLink href={previousHref} rel="prev" variant="secondary">
            Previous
          </ButtonLink>
        ) : (
          <span className={buttonStyles({ variant: "secondary" })} aria-disabled="true">
            Previous
          </span>
        )}
        <span className="text-sm text-slate-600">Page {page}</span>
        {nextHref ? (
          <ButtonLink href={nextHref} rel="next" variant="secondary">
            Next
          </ButtonLink>
        ) : (
          <span className={buttonStyles({ variant: "secondary" })} aria-disabled="true">
            Next
          </span>
        )}
      </nav>
    </section>
  );
}
