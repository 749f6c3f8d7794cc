import {
  checkoutOutcomeOf,
  checkoutOutcomes,
  earlierDay,
  glanceDays,
  redeemedStates,
} from "@/lib/portal/staff/programme-glance";
import { dayInZone, lastDays } from "@/lib/portal/staff/staff-dates";

/** The rows the home page's charts are counted from, as read back from portal.orders and portal.staff_audit_events. */
export interface GlanceSourceRows {
  orders: Array<{
    created_at: string | Date;
    updated_at: string | Date;
    state: string;
    points: string | number;
    debited_at: string | Date | null;
  }>;
  events: Array<{ at: string | Date; action: string; outcome: string; points: string | number | null }>;
}

export const glanceSourceQueries = {
  orders: "select created_at, updated_at, state, points, debited_at from portal.orders",
  events: "select at, action, outcome, (after ->> 'points') as points from portal.staff_audit_events",
} as const;

/**
 * What each chart should say, worked out from the rows with Intl's calendar
 * rather than SQL's: per day, points redeemed and credited, checkouts per
 * outcome (in checkoutOutcomes' order), and orders needing attention by the
 * day they began to wait (`earlier` first).
 */
export function expectedGlance({ orders, events }: GlanceSourceRows, now: Date, timeZone: string) {
  const days = lastDays(now, timeZone, glanceDays);
  const inWindow = new Set(days);
  const points = new Map(days.map((day) => [day, { redeemed: 0, credited: 0 }]));
  const outcomes = new Map(days.map((day) => [day, checkoutOutcomes.map(() => 0)]));
  const attention = new Map<string, number>([[earlierDay, 0], ...days.map((day) => [day, 0] as [string, number])]);
  for (const order of orders) {
    const day = dayInZone(new Date(order.created_at), timeZone);
    if (inWindow.has(day)) {
      outcomes.get(day)![checkoutOutcomes.indexOf(checkoutOutcomeOf(order.state))]! += 1;
      if (order.debited_at && (redeemedStates as readonly string[]).includes(order.state)) {
        points.get(day)!.redeemed += Number(order.points);
      }
    }
    if (order.state === "needs_attention") {
      const since = dayInZone(new Date(order.updated_at), timeZone);
      const key = since < days[0]! ? earlierDay : since;
      if (attention.has(key)) attention.set(key, attention.get(key)! + 1);
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

/** The states the seeded orders take in turn: every outcome, and orders needing attention. */
const seededStates = [
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
];

/**
 * SQL that seeds `orders` checkouts evenly over the `spanSeconds` before
 * `now`, and `auditRows` audit rows over the same span (two in three
 * `points.credited`, half of those succeeded). Literal values only (the
 * statements run through PGlite's exec and drizzle alike); `tag` keeps each
 * seeding's unique keys apart. The unfinished orders are due in 2100, so a
 * running portal's recovery worker leaves them as seeded (it would settle
 * them, or put them to attention, against a service that never saw them).
 */
export function glanceSeedStatements(seed: {
  now: Date;
  orders: number;
  auditRows: number;
  spanSeconds: number;
  tag: string;
}): string[] {
  const now = `'${seed.now.toISOString()}'::timestamptz`;
  const states = seededStates.map((state) => `'${state}'`).join(", ");
  const tag = seed.tag.replace(/[^a-z0-9-]/gi, "");
  return [
    `insert into portal.orders (id, checkout_key, membership_number, programme, quote_id, option_id, product_id,
      product_name, points, cash_minor, currency, state, debit_key, debit_external_id, charge_key, authorise_key,
      capture_key, void_key, reversal_key, reversal_external_id, refund_key, next_attempt_at, created_at, updated_at,
      debited_at)
    select gen_random_uuid(), '${tag}-' || i, '3081000000000001', 'NORTHSTAR', gen_random_uuid(), 'O1', 'glance',
      'Glance product', (i % 37) * 250, case when i % 37 = 0 then 1500 else (i % 3) * 500 end, 'GBP',
      (array[${states}])[1 + i % ${seededStates.length}], '${tag}-debit-' || i, '${tag}-dx-' || i,
      '${tag}-charge-' || i, '${tag}-auth-' || i, '${tag}-capture-' || i, '${tag}-void-' || i, '${tag}-reversal-' || i,
      '${tag}-rx-' || i, '${tag}-refund-' || i, '2100-01-01'::timestamptz, placed, placed + interval '90 seconds',
      case when i % 5 <> 0 then placed + interval '10 seconds' end
    from generate_series(1, ${seed.orders}) as i,
      lateral (select ${now} - i * (${seed.spanSeconds / seed.orders} * interval '1 second') as placed) p`,
    `insert into portal.staff_audit_events (at, actor, actor_role, action, outcome, target_type, target_id,
      membership_number, after, request_id)
    select ${now} - i * (${seed.spanSeconds / seed.auditRows} * interval '1 second'), 'staff.admin', 'ADMIN',
      case when i % 3 = 0 then 'member.viewed' else 'points.credited' end,
      case when i % 2 = 0 then 'succeeded' else 'attempted' end, 'member', '3081000000000001', '3081000000000001',
      jsonb_build_object('points', 1 + (i * 7) % 5000), '${tag}-' || i
    from generate_series(1, ${seed.auditRows}) as i`,
  ];
}
