import { SelectField } from "@/components/forms/select-field";
import { TextField } from "@/components/forms/text-field";
import { Button, ButtonLink } from "@/components/ui/button";
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
  reasonCodes,
}: {
  filters: AuditFilters;
  actors: string[];
  /** Every reason code with its words (retired ones too: old rows carry them). */
  reasonCodes: ReadonlyArray<{ value: string; label: string }>;
  problems: AuditFilterProblem[];
  exportHref: string;
}) {
  const problem = (field: AuditFilterProblem["field"]) => problems.find((entry) => entry.field === field)?.message;
  return (
    <form
      method="get"
      action="/staff/audit"
      aria-label="Filter the audit trail"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          name="actor"
          label="Actor"
          placeholder="Anyone"
          options={actors.map((actor) => ({ value: actor, label: actor }))}
          defaultValue={filters.actor ?? ""}
          error={problem("actor")}
        />
        <SelectField
          name="action"
          label="Action"
          placeholder="Any action"
          options={auditActionNames.map((action) => ({ value: action, label: auditActions[action] }))}
          defaultValue={filters.action ?? ""}
          error={problem("action")}
        />
        <TextField
          name="member"
          label="Member"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Membership number"
          defaultValue={filters.membershipNumber ?? ""}
          error={problem("member")}
        />
        <SelectField
          name="reason"
          label="Reason"
          placeholder="Any reason"
          options={reasonCodes}
          defaultValue={filters.reasonCode ?? ""}
          error={problem("reason")}
        />
        <TextField name="from" label="From" type="date" defaultValue={filters.from ?? ""} error={problem("from")} />
        <TextField name="to" label="To" type="date" defaultValue={filters.to ?? ""} error={problem("to")} />
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" variant="primary" size="lg">
            Apply filters
          </Button>
          <ButtonLink href="/staff/audit" variant="secondary" size="lg">
            Clear
          </ButtonLink>
        </div>
        <ButtonLink plain href={exportHref} download variant="secondary" size="lg">
          Export CSV
        </ButtonLink>
      </div>
    </form>
  );
}
