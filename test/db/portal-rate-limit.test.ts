import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimitCounters } from "@/server/portal/db/schema";
import { hitRateLimit } from "@/server/portal/rate-limit/hit-rate-limit";
import type { RateLimitRule } from "@/server/portal/rate-limit/rate-limit-rule";
import { rateLimitWait } from "@/server/portal/rate-limit/rate-limit-wait";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();

// A window of 60 s; times are chosen inside known windows (multiples of 60 s since the epoch).
const rule: RateLimitRule = { scope: "sign-in", limit: 3, windowSeconds: 60 };
const windowAt = (minute: number, second = 0) => new Date(Date.UTC(2026, 0, 1, 12, minute, second));

async function storedRow(clientKey: string, scope = rule.scope) {
  const [row] = await db()
    .select()
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.scope, scope), eq(rateLimitCounters.clientKey, clientKey)));
  return row;
}

describe("the portal's fixed-window rate limit (portal.rate_limit_counters)", () => {
  it("lets `limit` hits through in a window, refuses the next with the seconds left, and starts over in the next window", async () => {
    const key = "198.51.100.1";
    const decisions = [];
    for (const second of [1, 2, 3, 40]) decisions.push(await hitRateLimit(db(), rule, key, windowAt(0, second)));
    expect(decisions.map((decision) => [decision.allowed, decision.hits])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    expect(decisions[3]!.retryAfterSeconds).toBe(20);
    expect(await rateLimitWait(db(), rule, key, windowAt(0, 45))).toBe(15);

    // A new window: counted from 1 again, in the same row.
    expect(await rateLimitWait(db(), rule, key, windowAt(1, 0))).toBe(0);
    const next = await hitRateLimit(db(), rule, key, windowAt(1, 5));
    expect(next).toEqual({ allowed: true, hits: 1, retryAfterSeconds: 55 });
    expect(await storedRow(key)).toMatchObject({ hits: 1, windowStart: windowAt(1) });
  });

  it("counts each client and each form apart", async () => {
    const now = windowAt(10, 1);
    for (let i = 0; i < 3; i++) await hitRateLimit(db(), rule, "198.51.100.2", now);
    expect((await hitRateLimit(db(), rule, "198.51.100.3", now)).hits).toBe(1);
    expect((await hitRateLimit(db(), { ...rule, scope: "register" }, "198.51.100.2", now)).hits).toBe(1);
    expect(await rateLimitWait(db(), rule, "198.51.100.2", now)).toBe(59);
    expect(await rateLimitWait(db(), rule, "198.51.100.3", now)).toBe(0);
  });

  it("keeps counting in the newer window when an instance's clock is a little behind", async () => {
    const key = "198.51.100.4";
    await hitRateLimit(db(), rule, key, windowAt(21, 0));
    const late = await hitRateLimit(db(), rule, key, windowAt(20, 59));
    expect(late.hits).toBe(2);
    expect(await storedRow(key)).toMatchObject({ windowStart: windowAt(21) });
  });

  it("clears counters whose window has passed when a window starts", async () => {
    await hitRateLimit(db(), rule, "198.51.100.5", windowAt(30, 0));
    await hitRateLimit(db(), { ...rule, scope: "register" }, "198.51.100.5", windowAt(30, 0));
    await hitRateLimit(db(), rule, "198.51.100.6", windowAt(32, 0));
    expect(await storedRow("198.51.100.5")).toBeUndefined();
    // Another form's counters follow that form's window.
    expect(await storedRow("198.51.100.5", "register")).toBeDefined();
  });

  it("never loses a hit nor gives two requests the same count when they arrive together", async () => {
    const key = "198.51.100.7";
    const now = windowAt(40, 1);
    // On PostgreSQL (the postgres project) these run on up to 20 connections at once.
    const concurrent = 40;
    const decisions = await Promise.all(
      Array.from({ length: concurrent }, () => hitRateLimit(db(), { ...rule, limit: 10 }, key, now)),
    );
    const counts = decisions.map((decision) => decision.hits).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: concurrent }, (_, index) => index + 1));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
    expect((await storedRow(key))?.hits).toBe(concurrent);
  });
});
