import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "@/server/db/rows";
import { purgePortalExpired } from "@/server/portal/maintenance/purge-portal-expired";
import {
  memberSessions,
  rateLimitCounters,
  staffAccounts,
  staffLoginThrottles,
  staffSessions,
} from "@/server/portal/db/schema";
import type { RateLimitRule } from "@/server/portal/rate-limit/rate-limit-rule";
import { appendAuditEvent } from "@/server/portal/staff/append-audit-event";
import { staffLoginPolicy } from "@/server/portal/staff/staff-login-throttle";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();

const now = new Date("2031-03-01T12:00:00Z");
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const rules: RateLimitRule[] = [
  { scope: "sign-in", limit: 100, windowSeconds: 600 },
  { scope: "register", limit: 20, windowSeconds: 3_600 },
];
const retention = { staffIdleMinutes: 30, rateLimitRules: rules };

const count = async (table: string) =>
  rowsOf<{ n: number }>(await db().execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

describe("the portal's housekeeping (purgePortalExpired)", () => {
  it("deletes ended sessions, spent throttle rows and passed counters, and keeps what still counts", async () => {
    const memberSession = (idHash: string, expiresAt: Date) => ({
      idHash,
      provider: "loyalty",
      membershipNumber: "3081000000000001",
      programme: "NORTHSTAR",
      accessToken: "sealed",
      accessExpiresAt: expiresAt,
      expiresAt,
    });
    await db()
      .insert(memberSessions)
      .values([memberSession("a".repeat(64), at(-1)), memberSession("b".repeat(64), at(3_600))]);

    const [admin] = await db().select().from(staffAccounts).where(eq(staffAccounts.username, "staff.admin"));
    const staffSession = (idHash: string, lastSeenAt: Date, expiresAt: Date) => ({
      idHash,
      staffId: admin!.id,
      createdAt: at(-4 * 3_600),
      lastSeenAt,
      expiresAt,
    });
    await db()
      .insert(staffSessions)
      .values([
        staffSession("c".repeat(64), at(-60), at(-1)), // past its end
        staffSession("d".repeat(64), at(-31 * 60), at(3_600)), // idle longer than 30 minutes
        staffSession("e".repeat(64), at(-60), at(3_600)), // alive
      ]);

    const { windowSeconds, lockSeconds } = staffLoginPolicy;
    await db()
      .insert(staffLoginThrottles)
      .values([
        { username: "old.window", clientKey: "198.51.100.1", failedAttempts: 2, firstFailedAt: at(-windowSeconds - 1) },
        {
          username: "lock.over",
          clientKey: "198.51.100.1",
          failedAttempts: 5,
          firstFailedAt: at(-lockSeconds - 60),
          lockedUntil: at(-1),
        },
        {
          username: "still.locked",
          clientKey: "198.51.100.1",
          failedAttempts: 5,
          firstFailedAt: at(-60),
          lockedUntil: at(600),
        },
        { username: "counting", clientKey: "198.51.100.1", failedAttempts: 1, firstFailedAt: at(-60) },
      ]);

    await db()
      .insert(rateLimitCounters)
      .values([
        { scope: "sign-in", clientKey: "passed", windowStart: at(-601), hits: 3 },
        { scope: "sign-in", clientKey: "current", windowStart: at(-30), hits: 3 },
        // An hour-long window started 20 minutes ago still counts, though a sign-in window that old would not.
        { scope: "register", clientKey: "current", windowStart: at(-1_200), hits: 3 },
        { scope: "register", clientKey: "passed", windowStart: at(-3_601), hits: 3 },
        // A scope no rule names any more: kept until no window could hold it (a day).
        { scope: "retired-form", clientKey: "recent", windowStart: at(-3_600), hits: 1 },
        { scope: "retired-form", clientKey: "old", windowStart: at(-86_401), hits: 1 },
      ]);

    const purged = await purgePortalExpired(db(), retention, now);
    expect(purged).toEqual({ memberSessions: 1, staffSessions: 2, staffLoginThrottles: 2, rateLimitCounters: 3 });

    expect((await db().select().from(memberSessions)).map((row) => row.idHash)).toEqual(["b".repeat(64)]);
    expect((await db().select().from(staffSessions)).map((row) => row.idHash)).toEqual(["e".repeat(64)]);
    expect((await db().select().from(staffLoginThrottles)).map((row) => row.username).sort()).toEqual([
      "counting",
      "still.locked",
    ]);
    expect((await db().select().from(rateLimitCounters)).map((row) => `${row.scope}/${row.clientKey}`).sort()).toEqual([
      "register/current",
      "retired-form/recent",
      "sign-in/current",
    ]);

    // And a second pass finds nothing more.
    expect(Object.values(await purgePortalExpired(db(), retention, now)).every((n) => n === 0)).toBe(true);
  });

  it("never deletes an audit row or an order's records, however old", async () => {
    await appendAuditEvent(
      db(),
      { username: "staff.admin", role: "ADMIN", ip: "198.51.100.5", requestId: "req-retention" },
      { action: "points.credited", outcome: "succeeded", membershipNumber: "3081000000000001" },
      new Date("2020-01-01T00:00:00Z"),
    );
    const tables = ["portal.orders", "portal.order_events", "portal.staff_audit_events"];
    const before = await Promise.all(tables.map(count));
    expect(before[2]).toBeGreaterThan(0);
    await purgePortalExpired(db(), retention, new Date("2099-01-01T00:00:00Z"));
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});
