import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { earlierDay } from "@/lib/portal/staff/programme-glance";
import { rowsOf } from "@/server/db/rows";
import type { Database } from "@/server/portal/db/portal-database";
import { localDay, windowBounds, type GlanceWindow } from "./glance-window";

/**
 * The approval requests pending now, by the day they were made, those older
 * than the window under `earlier`, for the waiting chart beside the orders
 * needing attention. A request past its expiry is no longer pending (expiry
 * is read from the clock, as the queue reads it). One statement through the
 * partial index staff_adjustments_pending_idx.
 */
export function pendingApprovalsStatement(window: GlanceWindow): SQL {
  const { from, until } = windowBounds(window);
  return sql`
    select case when requested_at < ${from} then ${earlierDay} else ${localDay(sql`requested_at`, window)} end as day,
      count(*)::int as count
    from portal.staff_adjustments
    where status = 'pending' and requested_at < ${until} and (expires_at is null or expires_at > now())
    group by 1
    order by 1
  `;
}

/** Runs the statement above. */
export async function countPendingApprovals(
  db: Database,
  window: GlanceWindow,
): Promise<Array<{ day: string; count: number }>> {
  const result = await db.execute(pendingApprovalsStatement(window));
  return rowsOf<{ day: string; count: number | string }>(result).map((row) => ({
    day: row.day,
    count: Number(row.count),
  }));
}
