import type { Metadata } from "next";
import { AuditFilterForm } from "@/components/staff/audit-filter-form";
import { AuditTable } from "@/components/staff/audit-table";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { auditSearchString, parseAuditSearch } from "@/lib/portal/staff/audit-filters";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { findAuditEvents } from "@/server/portal/staff/find-audit-events";
import { listStaffUsernames } from "@/server/portal/staff/list-staff-accounts";
import { reasonCodeLabels } from "@/server/portal/staff/find-reason-codes";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";

export const metadata: Metadata = { title: "Audit trail" };

type Query = Record<string, string | string[] | undefined>;

/** ADMIN: the audit trail, filtered by actor, action, member and days, paged, and exported as CSV. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Query> }) {
  const { allowed } = await requireStaffPermission("audit.view");
  if (!allowed) return <ForbiddenPanel what="The audit trail" />;
  const { filters, page, problems } = parseAuditSearch(await searchParams);
  const db = await getPortalDatabase();
  const [{ rows, hasNext }, actors, reasonLabels] = await Promise.all([
    findAuditEvents(db, filters, page),
    listStaffUsernames(db),
    reasonCodeLabels(db),
  ]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Audit trail</h1>
        <p className="mt-1 text-sm text-slate-600">
          Everything staff did, latest first, one line per action: a change sent to another service shows its outcome
          and when it was attempted. Rows are never changed or deleted. Days are UTC.
        </p>
      </div>
      <AuditFilterForm
        filters={filters}
        actors={actors}
        problems={problems}
        exportHref={`/staff/audit/export${auditSearchString(filters)}`}
        reasonCodes={Object.entries(reasonLabels).map(([value, label]) => ({ value, label }))}
      />
      <AuditTable
        page={page}
        rows={rows.map((row) => ({
          ...row,
          at: row.at.toISOString(),
          attemptedAt: row.attemptedAt?.toISOString() ?? null,
          reasonLabel: row.reasonCode ? (reasonLabels[row.reasonCode] ?? row.reasonCode) : null,
        }))}
        previousHref={page > 1 ? `/staff/audit${auditSearchString(filters, page - 1)}` : undefined}
        nextHref={hasNext ? `/staff/audit${auditSearchString(filters, page + 1)}` : undefined}
      />
    </div>
  );
}
