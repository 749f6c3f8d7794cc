import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { fixedWindow, secondsUntil } from "./fixed-window";
import type { RateLimitDecision } from "./rate-limit-decision";

/**
 * Counts one request against `limit` requests per fixed window of
 * `windowSeconds` for `bucketKey` (at most 100 characters), exactly and for
 * every instance sharing the database: ONE statement inserts or increments
 * the window's counter, and stops counting at the limit, so a refused flood
 * writes nothing. For low-volume endpoints (token services, public forms);
 * the partner operations' hot path counts in batches (api-key-limits.ts).
 */
export async function consumeRateLimit(
  db: Database,
  bucketKey: string,
  limit: number,
  windowSeconds: number,
  now: Date = new Date(),
  policy = "default",
): Promise<RateLimitDecision> {
  const window = fixedWindow(now, windowSeconds);
  const result = await db.execute(sql`
    INSERT INTO loyalty.rate_limit_windows AS w (bucket, window_start, requests, expires_at)
    VALUES (${bucketKey}, ${window.start.toISOString()}::timestamptz, 1, ${window.end.toISOString()}::timestamptz)
    ON CONFLICT (bucket, window_start) DO UPDATE SET requests = w.requests + 1
    WHERE w.requests < ${limit}
    RETURNING requests
  `);
  const [row] = rowsOf<{ requests: number }>(result);
  const used = row ? Number(row.requests) : limit + 1;
  return {
    allowed: used <= limit,
    policy,
    limit,
    windowSeconds,
    remaining: Math.max(0, limit - used),
    resetSeconds: secondsUntil(window.end, now),
  };
}
