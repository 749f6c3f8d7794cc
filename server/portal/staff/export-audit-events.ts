import "server-only";
import type { AuditFilters } from "@/lib/portal/staff/audit-filters";
import type { Database } from "@/server/portal/db/portal-database";
import { appendAuditEvent, type AuditActor } from "./append-audit-event";
import { auditCsvHeader, auditCsvLine } from "./audit-csv";
import { auditEventBatches, latestAuditEventId } from "./find-audit-events";

/**
 * An export of the rows a filter selects, as CSV. The export is audited
 * first (`audit.exported`, with the filter); it holds the rows that matched
 * when it was asked for (up to the latest id then), so neither its own row
 * nor anything written while it streams slips in.
 */
export async function exportAuditEvents(
  db: Database,
  actor: AuditActor,
  filters: AuditFilters,
): Promise<ReadableStream<Uint8Array>> {
  const upToId = await latestAuditEventId(db);
  await appendAuditEvent(db, actor, {
    action: "audit.exported",
    outcome: "succeeded",
    targetType: "audit",
    ...(filters.membershipNumber ? { membershipNumber: filters.membershipNumber } : {}),
    after: { filters, upToId },
  });
  const batches = auditEventBatches(db, filters, upToId);
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(auditCsvHeader));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map(auditCsvLine).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
