import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { redeemedStates, type PointsDay } from "@/lib/portal/staff/programme-glance";
import { rowsOf } from "@/server/db/rows";
import type { Database } from "@/server/portal/db/portal-database";
import { localDay, windowBounds, type GlanceWindow } from "./glance-window";

/**
 * Points redeemed and credited per day, in one statement over the portal's
 * own records (it reads the service only over HTTP, and the service offers
 * no programme-wide totals): the points its checkouts debited and kept
 * (`orders`, by the day placed, through orders_created_at_idx) and the
 * goodwill credits staff made (`staff_audit_events`, the succeeded row of
 * `points.credited`, through staff_audit_events_at_idx). Days without either
 * are absent; the caller fills them.
 */
export function pointsByDayStatement(window: GlanceWindow): SQL {
  const { from, until } = windowBounds(window);
  const states = sql.join(
    redeemedStates.map((state) => sql`${state}`),
    sql`, `,
  );
  return sql`
    select day, sum(redeemed)::text as redeemed, sum(credited)::text as credited
    from (
      select ${localDay(sql`o.created_at`, window)} as day, o.points as redeemed, 0::bigint as credited
      from portal.orders o
      where o.created_at >= ${from} and o.created_at < ${until}
        and o.debited_at is not null and o.points > 0 and o.state in (${states})
      union all
      select ${localDay(sql`e.at`, window)} as day, 0::bigint as redeemed,
        case when jsonb_typeof(e.after -> 'points') = 'number' then (e.after ->> 'points')::bigint else 0 end as credited
      from portal.staff_audit_events e
      where e.at >= ${from} and e.at < ${until} and e.action = 'points.credited' and e.outcome = 'succeeded'
    ) moved
    group by day
    order by day
  `;
}

/** Runs the statement above; the tests EXPLAIN it as built there. */
export async function countPointsByDay(db: Database, window: GlanceWindow): Promise<PointsDay[]> {
  const result = await db.execute(pointsByDayStatement(window));
  return rowsOf<{ day: string; redeemed: string; credited: string }>(result).map((row) => ({
    day: row.day,
    redeemed: Number(row.redeemed),
    credited: Number(row.credited),
  }));
}
