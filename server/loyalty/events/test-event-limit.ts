import { sql } from "drizzle-orm";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { consumeRateLimit } from "@/server/loyalty/rate-limits/consume-rate-limit";
import { countRateLimitRefusal } from "@/server/observability/refusal-metrics";
import { fixedWindow } from "@/server/loyalty/rate-limits/fixed-window";

/**
 * Test events and replays are sends a developer asks for by hand, each to
 * up to ten endpoints with their retries: a sandbox gets a number of them
 * per window (WEBHOOK_TEST_EVENT_LIMIT per WEBHOOK_TEST_EVENT_WINDOW_SECONDS,
 * 60 an hour), counted together, in the database (every instance counts
 * the same sends), in fixed windows aligned on the clock.
 */
export interface TestEventLimit {
  limit: number;
  windowSeconds: number;
}

export function testEventLimit(): TestEventLimit {
  const config = env();
  return { limit: config.WEBHOOK_TEST_EVENT_LIMIT, windowSeconds: config.WEBHOOK_TEST_EVENT_WINDOW_SECONDS };
}

const bucketOf = (partnerId: number) => `webhook-test-sends:${partnerId}`;

/** "an hour", "a day", "every 30 minutes": the window as the console words it. */
export function perWindow(windowSeconds: number): string {
  if (windowSeconds === 3_600) return "an hour";
  if (windowSeconds === 86_400) return "a day";
  if (windowSeconds % 3_600 === 0) return `every ${windowSeconds / 3_600} hours`;
  if (windowSeconds % 60 === 0) return `every ${windowSeconds / 60} minutes`;
  return `every ${windowSeconds} seconds`;
}

/** The limit as the console states it where the developer sends. */
export function testEventLimitText(limit: TestEventLimit = testEventLimit()): string {
  return `Your sandbox may send ${limit.limit} test events and replays ${perWindow(limit.windowSeconds)}, counted together.`;
}

const utcTime = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", timeStyle: "short", hourCycle: "h23" });

export type TestEventSend = { allowed: true } | { allowed: false; message: string; retryAt: Date };

/**
 * Counts one test event or replay of the partner's against the limit,
 * before anything is sent; refused once the window's sends are spent, with
 * when the next window opens.
 */
export async function consumeTestEventSend(db: Database, partnerId: number, now: Date): Promise<TestEventSend> {
  const limit = testEventLimit();
  const decision = await consumeRateLimit(db, bucketOf(partnerId), limit.limit, limit.windowSeconds, now);
  if (decision.allowed) return { allowed: true };
  countRateLimitRefusal("webhook-test-events");
  const retryAt = fixedWindow(now, limit.windowSeconds).end;
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
  return {
    allowed: false,
    retryAt,
    message:
      `Your sandbox has sent the ${limit.limit} test events and replays it may send ${perWindow(limit.windowSeconds)}. ` +
      `You can send again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}, at ${utcTime.format(retryAt)} UTC.`,
  };
}

/** How many sends the partner has left in the current window, and when the window ends. */
export async function remainingTestEventSends(
  db: Database,
  partnerId: number,
  now: Date,
): Promise<{ remaining: number; resetsAt: Date }> {
  const limit = testEventLimit();
  const window = fixedWindow(now, limit.windowSeconds);
  const [row] = rowsOf<{ requests: number }>(
    await db.execute(sql`
      SELECT requests FROM loyalty.rate_limit_windows
      WHERE bucket = ${bucketOf(partnerId)} AND window_start = ${window.start.toISOString()}::timestamptz`),
  );
  return { remaining: Math.max(0, limit.limit - Number(row?.requests ?? 0)), resetsAt: window.end };
}
