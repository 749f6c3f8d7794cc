import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "@/server/db/rows";
import type { Database } from "@/server/portal/db/portal-database";
import { localDay, windowBounds, type GlanceWindow } from "./glance-window";

/**
 * The checkouts placed each day, counted by the state each is in now, in
 * one statement through orders_created_at_idx (lib/portal/staff/
 * programme-glance.ts folds the states into outcomes).
 */
export function checkoutsByStateStatement(window: GlanceWindow): SQL {
  const { from, until } = windowBounds(window);
  return sql`
    select ${localDay(sql`created_at`, window)} as day, state, count(*)::int as count
    from portal.orders
    where created_at >= ${from} and created_at < ${until}
    group by 1, 2
    order by 1, 2
  `;
}

/** Runs the statement above; the tests EXPLAIN it as built there. */
export async function countCheckoutsByState(
  db: Database,
  window: GlanceWindow,
): Promise<Array<{ day: string; state: string; count: number }>> {
  const result = await db.execute(checkoutsByStateStatement(window));
  return rowsOf<{ day: string; state: string; count: number | string }>(result).map((row) => ({
    day: row.day,
    state: row.state,
    count: Number(row.count),
  }));
}
