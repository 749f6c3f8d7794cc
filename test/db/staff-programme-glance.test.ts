import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkoutOutcomes, earlierDay, glanceDays } from "@/lib/portal/staff/programme-glance";
import { lastDays } from "@/lib/portal/staff/staff-dates";
import { rowsOf } from "@/server/db/rows";
import { attentionOrdersStatement } from "@/server/portal/staff/glance/count-attention-orders";
import { checkoutsByStateStatement } from "@/server/portal/staff/glance/count-checkouts-by-outcome";
import { pointsByDayStatement } from "@/server/portal/staff/glance/count-points-by-day";
import { readProgrammeGlance } from "@/server/portal/staff/glance/read-programme-glance";
import {
  expectedGlance,
  glanceSeedStatements,
  glanceSourceQueries,
  type GlanceSourceRows,
} from "../support/programme-glance-expected";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();

/** The EU's clocks go forward on 29 March 2026, inside the window; New York's "now" is still 9 April. */
const now = new Date("2026-04-10T03:30:00Z");
const orderCount = 24_000;
const creditEventCount = 4_000;
const year = 365 * 24 * 60 * 60;
let source: GlanceSourceRows;

/** A year of checkouts (one every 22 minutes) and of audit rows, a third of them goodwill credits that succeeded. */
beforeAll(async () => {
  for (const statement of glanceSeedStatements({
    now,
    orders: orderCount,
    auditRows: creditEventCount,
    spanSeconds: year,
    tag: "glance",
  })) {
    await db().execute(sql.raw(statement));
  }
  await db().execute(sql`analyze portal.orders`);
  await db().execute(sql`analyze portal.staff_audit_events`);
  source = {
    orders: rowsOf(await db().execute(sql.raw(glanceSourceQueries.orders))),
    events: rowsOf(await db().execute(sql.raw(glanceSourceQueries.events))),
  };
  expect(source.orders.length).toBeGreaterThanOrEqual(orderCount);
}, 120_000);

describe("the programme at a glance: the home page's charts over a year of data", () => {
  it.each(["UTC", "Europe/London", "America/New_York", "Pacific/Auckland"])(
    "sums every day of the last 30 in %s as the rows say",
    async (timeZone) => {
      const glance = await readProgrammeGlance(db(), now, timeZone);
      const want = expectedGlance(source, now, timeZone);
      expect(glance.days).toEqual(want.days);
      expect(glance.days).toHaveLength(30);

      expect(glance.points).toEqual(want.days.map((day) => ({ day, ...want.points.get(day)! })));
      // The data is dense enough that a day summed wrongly shows: nearly every day redeemed and credited something.
      expect(glance.points.filter((day) => day.redeemed > 0 && day.credited > 0).length).toBeGreaterThan(25);

      expect(glance.outcomes.map((row) => [row.day, ...checkoutOutcomes.map((outcome) => row[outcome])])).toEqual(
        want.days.map((day) => [day, ...want.outcomes.get(day)!]),
      );

      expect(glance.waiting[0]!.day).toBe(earlierDay);
      expect(glance.waiting.map((row) => [row.day, row.attentionOrders])).toEqual(
        [earlierDay, ...want.days].map((day) => [day, want.attention.get(day)]),
      );
      expect(glance.waiting[0]!.attentionOrders).toBeGreaterThan(1000);
      expect(glance.waiting.every((row) => row.pendingApprovals === 0)).toBe(true);
    },
  );

  it("counts the approval requests pending now by the day they were made, not those decided or expired", async () => {
    const request = (id: number, status: string, requestedAt: string, expiresAt: string | null) => sql`
      insert into portal.staff_adjustments
        (kind, form_key, status, membership_number, points, reason_code, requested_by, requested_at, expires_at)
      values ('goodwill_credit', ${`00000000-0000-4000-8000-${String(id).padStart(12, "0")}`}, ${status},
        '3081000000000012', 20000, 'complaint', 'staff.admin', ${requestedAt}, ${expiresAt})`;
    await db().execute(request(1, "pending", "2026-04-08T12:00:00Z", "2099-01-01T00:00:00Z"));
    await db().execute(request(2, "pending", "2026-04-08T13:00:00Z", "2099-01-01T00:00:00Z"));
    await db().execute(request(3, "pending", "2026-04-09T12:00:00Z", null));
    await db().execute(request(4, "pending", "2026-01-02T12:00:00Z", "2099-01-01T00:00:00Z"));
    await db().execute(request(5, "pending", "2026-04-09T12:00:00Z", "2026-04-09T13:00:00Z"));
    await db().execute(request(6, "performed", "2026-04-09T12:00:00Z", "2099-01-01T00:00:00Z"));
    const glance = await readProgrammeGlance(db(), now, "UTC");
    const pending = Object.fromEntries(
      glance.waiting.filter((row) => row.pendingApprovals > 0).map((row) => [row.day, row.pendingApprovals]),
    );
    expect(pending).toEqual({ [earlierDay]: 1, "2026-04-08": 2, "2026-04-09": 1 });
  });

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
