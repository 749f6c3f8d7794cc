import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { earlierDay } from "@/lib/portal/staff/programme-glance";
import { rowsOf } from "@/server/db/rows";
import type { Database } from "@/server/portal/db/portal-database";
import { localDay, windowBounds, type GlanceWindow } from "./glance-window";

/**
 * The orders needing attention now, by the day they began to need it (the
 * order's last change: nothing moves an order out of needs_attention but
 * staff), those older than the window under `earlier`. One statement through
 * the partial index orders_attention_idx, which holds only these orders.
 */
export function attentionOrdersStatement(window: GlanceWindow): SQL {
  const { from, until } = windowBounds(window);
  return sql`
    select case when updated_at < ${from} then ${earlierDay} else ${localDay(sql`updated_at`, window)} end as day,
      count(*)::int as count
    from portal.orders
    where state = 'needs_attention' and updated_at < ${until}
    group by 1
    order by 1
  `;
}

/** Runs the statement above; the tests EXPLAIN it as built there. */
export async function countAttentionOrders(
  db: Database,
  window: GlanceWindow,
): Promise<Array<{ day: string; count: number }>> {
  const result = await db.execute(attentionOrdersStatement(window));
  return rowsOf<{ day: string; count: number | string }>(result).map((row) => ({
    day: row.day,
    count: Number(row.count),
  }));
}
