import Link from "next/link";
import { FieldError } from "@/components/forms/field-error";
import { describedBy, fieldIds } from "@/components/forms/field-ids";
import { controlClass, FieldLabel } from "@/components/forms/field-label";
import { auditActionNames, auditActions } from "@/lib/portal/staff/audit-actions";
import type { AuditFilterProblem, AuditFilters } from "@/lib/portal/staff/audit-filters";

/**
 * The audit page's filters as a plain GET form: the URL holds them, so a
 * filtered view can be shared and the export link carries the same.
 */
export function AuditFilterForm({
  filters,
  actors,
  problems,
  exportHref,
}: {
  filters: AuditFilters;
  actors: string[];
  problems: AuditFilterProblem[];
  exportHref: string;
}) {
  const problem = (field: AuditFilterProblem["field"]) => problems.find((entry) => entry.field === field)?.message;
  const control = (name: string, field: AuditFilterProblem["field"]) => ({
    id: fieldIds(name).input,
    name,
    "aria-invalid": problem(field) ? true : undefined,
    "aria-describedby": describedBy(name, { hint: false, error: Boolean(problem(field)) }),
    className: controlClass(Boolean(problem(field))),
  });
  return (
    <form
      method="get"
      action="/staff/audit"
      aria-label="Filter the audit trail"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <FieldLabel name="actor" label="Actor" />
          <select {...control("actor", "actor")} defaultValue={filters.actor ?? ""}>
            <option value="">Anyone</option>
            {actors.map((actor) => (
              <option key={actor} value={actor}>
                {actor}
              </option>
            ))}
          </select>
          <FieldError name="actor" message={problem("actor")} />
        </div>
        <div>
          <FieldLabel name="action" label="Action" />
          <select {...control("action", "action")} defaultValue={filters.action ?? ""}>
            <option value="">Any action</option>
            {auditActionNames.map((action) => (
              <option key={action} value={action}>
                {auditActions[action]}
              </option>
            ))}
          </select>
          <FieldError name="action" message={problem("action")} />
        </div>
        <div>
          <FieldLabel name="member" label="Member" />
          <input
            {...control("member", "member")}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Membership number"
            defaultValue={filters.membershipNumber ?? ""}
          />
          <FieldError name="member" message={problem("member")} />
        </div>
        <div>
          <FieldLabel name="from" label="From" />
          <input {...control("from", "from")} type="date" defaultValue={filters.from ?? ""} />
          <FieldError name="from" message={problem("from")} />
        </div>
        <div>
          <FieldLabel name="to" label="To" />
          <input {...control("to", "to")} type="date" defaultValue={filters.to ?? ""} />
          <FieldError name="to" message={problem("to")} />
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-600 px-5 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            Apply filters
          </button>
          <Link
            href="/staff/audit"
            className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-5 text-base font-medium text-slate-800 hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            Clear
          </Link>
        </div>
        <a
          href={exportHref}
          download
          className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-5 text-base font-medium text-slate-800 hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Export CSV
        </a>
      </div>
    </form>
  );
}
