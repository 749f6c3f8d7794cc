import { and, eq, inArray, lt } from "drizzle-orm";
import { requestLogRetentionDays } from "@/lib/contract/request-log";
import type { Database } from "@/server/db/connect";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { requestLog } from "@/server/loyalty/request-log/request-log-tables";

/** Rows deleted per statement: short statements, however large the backlog. */
const rowsPerDelete = 5_000;

/**
 * Deletes request log rows older than 7 days (`requestLogRetentionDays`) and
 * answers how many went. Partner by partner, so each statement reads the
 * (partner, time) index instead of the whole table, and in slices, so a large
 * backlog never makes one long transaction. Safe to run at any time and on
 * several instances at once (a row deleted twice is simply not found).
 */
export async function purgeRequestLog(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - requestLogRetentionDays * 86_400_000);
  const partnerIds = await db.select({ id: partners.id }).from(partners);
  let purged = 0;
  for (const { id: partnerId } of partnerIds) {
    for (;;) {
      const expired = db
        .select({ id: requestLog.id })
        .from(requestLog)
        .where(and(eq(requestLog.partnerId, partnerId), lt(requestLog.requestedAt, cutoff)))
        .limit(rowsPerDelete);
      const deleted = await db
        .delete(requestLog)
        .where(inArray(requestLog.id, expired))
        .returning({ id: requestLog.id });
      purged += deleted.length;
      if (deleted.length < rowsPerDelete) break;
    }
  }
  return purged;
}
