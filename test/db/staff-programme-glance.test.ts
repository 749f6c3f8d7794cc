import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkoutOutcomeOf, earlierDay, glanceDays, redeemedStates } from "@/lib/portal/staff/programme-glance";
import { dayInZone, lastDays } from "@/lib/portal/staff/staff-dates";
import { rowsOf } from "@/server/db/rows";
import { attentionOrdersStatement } from "@/server/portal/staff/glance/count-attention-orders";
import { checkoutsByStateStatement } from "@/server/portal/staff/glance/count-checkouts-by-outcome";
import { pointsByDayStatement } from "@/server/portal/staff/glance/count-points-by-day";
import { readProgrammeGlance } from "@/server/portal/staff/glance/read-programme-glance";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();

/** The EU's clocks go forward on 29 March 2026, inside the window; New York's "now" is still 9 April. */
const now = new Date("2026-04-10T03:30:00Z");
const orderCount = 24_000;
const creditEventCount = 4_000;
const year = 365 * 24 * 60 * 60;
const states = [
  "completed",
  "completed",
  "completed",
  "declined",
  "cancelled",
  "points_returned",
  "needs_attention",
  "priced",
  "points_debited",
  "capturing",
  "reversing",
  "completed",
] as const;

interface SeededOrder {
  created_at: string | Date;
  updated_at: string | Date;
  state: string;
  points: string | number;
  debited_at: string | Date | null;
}
interface SeededEvent {
  at: string | Date;
  action: string;
  outcome: string;
  points: string | number | null;
}

let orders: SeededOrder[];
let events: SeededEvent[];

/** A year of checkouts (one every 22 minutes) and of audit rows, a third of them goodwill credits that succeeded. */
beforeAll(async () => {
  const stateList = sql.join(
    states.map((state) => sql`${state}`),
    sql`, `,
  );
  await db().execute(sql`
    insert into portal.orders (id, checkout_key, membership_number, programme, quote_id, option_id, product_id,
      product_name, points, cash_minor, currency, state, debit_key, debit_external_id, charge_key, authorise_key,
      capture_key, void_key, reversal_key, reversal_external_id, refund_key, next_attempt_at, created_at, updated_at,
      debited_at)
    select gen_random_uuid(), 'glance-' || i, '3081000000000001', 'NORTHSTAR', gen_random_uuid(), 'O1', 'glance',
      'Glance product', (i % 37) * 250, case when i % 37 = 0 then 1500 else (i % 3) * 500 end, 'GBP',
      (array[${stateList}])[1 + i % ${states.length}], 'glance-debit-' || i, 'glance-dx-' || i, 'glance-charge-' || i,
      'glance-auth-' || i, 'glance-capture-' || i, 'glance-void-' || i, 'glance-reversal-' || i, 'glance-rx-' || i,
      'glance-refund-' || i, placed, placed, placed + interval '90 seconds',
      case when i % 5 <> 0 then placed + interval '10 seconds' end
    from generate_series(1, ${orderCount}) as i,
      lateral (select ${now.toISOString()}::timestamptz - i * (${year / orderCount} * interval '1 second') as placed) p
  `);
  await db().execute(sql`
    insert into portal.staff_audit_events (at, actor, actor_role, action, outcome, target_type, target_id,
      membership_number, after, request_id)
    select ${now.toISOString()}::timestamptz - i * (${year / creditEventCount} * interval '1 second'), 'staff.admin',
      'ADMIN', case when i % 3 = 0 then 'member.viewed' else 'points.credited' end,
      case when i % 2 = 0 then 'succeeded' else 'attempted' end, 'member', '3081000000000001', '3081000000000001',
      jsonb_build_object('points', 1 + (i * 7) % 5000), 'glance-' || i
    from generate_series(1, ${creditEventCount}) as i
  `);
  await db().execute(sql`analyze portal.orders`);
  await db().execute(sql`analyze portal.staff_audit_events`);
  orders = rowsOf<SeededOrder>(
    await db().execute(sql`select created_at, updated_at, state, points, debited_at from portal.orders`),
  );
  events = rowsOf<SeededEvent>(
    await db().execute(sql`select at, action, outcome, (after ->> 'points') as points from portal.staff_audit_events`),
  );
  expect(orders.length).toBeGreaterThanOrEqual(orderCount);
}, 120_000);

/** What each chart should say, worked out here from the rows with Intl's calendar rather than SQL's. */
function expected(timeZone: string) {
  const days = lastDays(now, timeZone, glanceDays);
  const inWindow = new Set(days);
  const points = new Map(days.map((day) => [day, { redeemed: 0, credited: 0 }]));
  const outcomes = new Map(days.map((day) => [day, new Map<string, number>()]));
  const attention = new Map<string, number>();
  for (const order of orders) {
    const day = dayInZone(new Date(order.created_at), timeZone);
    if (inWindow.has(day)) {
      const outcome = checkoutOutcomeOf(order.state);
      const counts = outcomes.get(day)!;
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
      if (order.debited_at && (redeemedStates as readonly string[]).includes(order.state)) {
        points.get(day)!.redeemed += Number(order.points);
      }
    }
    if (order.state === "needs_attention") {
      const waitingSince = dayInZone(new Date(order.updated_at), timeZone);
      const key = waitingSince < days[0]! ? earlierDay : waitingSince;
      if (key === earlierDay || inWindow.has(key)) attention.set(key, (attention.get(key) ?? 0) + 1);
    }
  }
  for (const event of events) {
    const day = dayInZone(new Date(event.at), timeZone);
    if (inWindow.has(day) && event.action === "points.credited" && event.outcome === "succeeded") {
      points.get(day)!.credited += Number(event.points);
    }
  }
  return { days, points, outcomes, attention };
}

describe("the programme at a glance: the home page's charts over a year of data", () => {
  it.each(["UTC", "Europe/London", "America/New_York", "Pacific/Auckland"])(
    "sums every day of the last 30 in %s as the rows say",
    async (timeZone) => {
      const glance = await readProgrammeGlance(db(), now, timeZone);
      const want = expected(timeZone);
      expect(glance.days).toEqual(want.days);
      expect(glance.days).toHaveLength(30);

      expect(glance.points).toEqual(want.days.map((day) => ({ day, ...want.points.get(day)! })));
      // The data is dense enough that a day summed wrongly shows: nearly every day redeemed and credited something.
      expect(glance.points.filter((day) => day.redeemed > 0 && day.credited > 0).length).toBeGreaterThan(25);

      for (const row of glance.outcomes) {
        const counts = want.outcomes.get(row.day)!;
        expect({ day: row.day, completed: row.completed, declined: row.declined }).toEqual({
          day: row.day,
          completed: counts.get("completed") ?? 0,
          declined: counts.get("declined") ?? 0,
        });
        expect(row.returned).toBe(counts.get("returned") ?? 0);
        expect(row.attention).toBe(counts.get("attention") ?? 0);
        expect(row.unfinished).toBe(counts.get("unfinished") ?? 0);
      }

      expect(glance.waiting[0]!.day).toBe(earlierDay);
      expect(glance.waiting.map((row) => [row.day, row.attentionOrders])).toEqual(
        [earlierDay, ...want.days].map((day) => [day, want.attention.get(day) ?? 0]),
      );
      expect(glance.waiting[0]!.attentionOrders).toBeGreaterThan(1000);
      expect(glance.waiting.every((row) => row.pendingApprovals === 0)).toBe(true);
    },
  );

  it("counts a day at the staff member's midnight, not UTC's", async () => {
    const utc = await readProgrammeGlance(db(), now, "UTC");
    const newYork = await readProgrammeGlance(db(), now, "America/New_York");
    expect(utc.days.at(-1)).toBe("2026-04-10");
    expect(newYork.days.at(-1)).toBe("2026-04-09");
    expect(newYork.points.at(-1)).not.toEqual(utc.points.at(-2));
  });

  it.each([
    ["points redeemed and credited", pointsByDayStatement, /orders_created_at_idx/],
    ["checkouts by outcome", checkoutsByStateStatement, /orders_created_at_idx/],
    ["orders needing attention", attentionOrdersStatement, /orders_attention_idx/],
  ] as Array<[string, (window: { days: string[]; timeZone: string }) => SQL, RegExp]>)(
    "reads %s through an index, not the whole year",
    async (_name, statement, index) => {
      const window = { days: lastDays(now, "Europe/London", glanceDays), timeZone: "Europe/London" };
      const plan = rowsOf<Record<string, string>>(await db().execute(sql`explain ${statement(window)}`))
        .map((row) => Object.values(row).join(" "))
        .join("\n");
      expect(plan).toMatch(index);
    },
  );
});
