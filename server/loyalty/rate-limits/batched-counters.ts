import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { logger } from "@/server/observability/logger";
import { fixedWindow, secondsUntil } from "./fixed-window";
import type { RateLimitDecision } from "./rate-limit-decision";

/**
 * Window counters shared through the database but counted in batches, for the
 * partner operations' hot path: a request is counted in this instance's
 * memory, and every `flushIntervalMs` one statement adds what each counter
 * gathered to `loyalty.rate_limit_windows` and reads back the total of all
 * instances. So a request costs no query of its own; within one instance the
 * count is exact, and instances see each other's requests within one flush
 * interval (docs/decisions.md bounds the overshoot).
 */
export const flushIntervalMs = 100;

interface Counter {
  bucket: string;
  windowStart: Date;
  windowEnd: Date;
  /** The total of all instances when last flushed, this instance's flushed requests included. */
  synced: number;
  /** Requests being added by the flush under way. */
  inFlight: number;
  /** Requests counted here since the last flush. */
  pending: number;
  db: Database;
}

const counters = new Map<string, Counter>();
let scheduled: ReturnType<typeof setTimeout> | undefined;
let flushing: Promise<void> | undefined;

export interface BatchedLimit {
  bucket: string;
  policy: { name: string; limit: number; windowSeconds: number };
}

/**
 * Counts one request against every limit, or against none when any of them
 * is reached: a request refused by the daily quota does not use up the
 * per-second rate, nor the other way round.
 */
export function takeFromBatchedCounters(db: Database, limits: readonly BatchedLimit[], now: Date): RateLimitDecision[] {
  const entries = limits.map(({ bucket, policy }) => {
    const counter = counterFor(db, bucket, policy.windowSeconds, now);
    const used = counter.synced + counter.inFlight + counter.pending;
    return { counter, policy, used, allowed: used < policy.limit };
  });
  const allowed = entries.every((entry) => entry.allowed);
  if (allowed) {
    for (const entry of entries) entry.counter.pending += 1;
    scheduleFlush();
  }
  return entries.map(({ counter, policy, used, allowed: within }) => ({
    allowed: within,
    policy: policy.name,
    limit: policy.limit,
    windowSeconds: policy.windowSeconds,
    remaining: Math.max(0, policy.limit - used - (allowed ? 1 : 0)),
    resetSeconds: secondsUntil(counter.windowEnd, now),
  }));
}

function counterFor(db: Database, bucket: string, windowSeconds: number, now: Date): Counter {
  const window = fixedWindow(now, windowSeconds);
  const key = `${bucket}@${window.start.getTime()}`;
  let counter = counters.get(key);
  if (!counter) {
    counter = { bucket, windowStart: window.start, windowEnd: window.end, synced: 0, inFlight: 0, pending: 0, db };
    counters.set(key, counter);
  }
  counter.db = db;
  return counter;
}

function scheduleFlush(): void {
  if (scheduled || flushing) return;
  scheduled = setTimeout(() => {
    scheduled = undefined;
    void flushBatchedCounters();
  }, flushIntervalMs);
  // A pending flush must not keep a script or a test process alive.
  scheduled.unref?.();
}

/** Writes what the counters gathered and reads back the shared totals; tests await it. */
export async function flushBatchedCounters(): Promise<void> {
  if (flushing) await flushing;
  flushing = flushOnce().finally(() => {
    flushing = undefined;
    if ([...counters.values()].some((counter) => counter.pending > 0)) scheduleFlush();
  });
  await flushing;
}

async function flushOnce(): Promise<void> {
  const due = [...counters.values()].filter((counter) => counter.pending > 0);
  const byDatabase = new Map<Database, Counter[]>();
  for (const counter of due) {
    counter.inFlight = counter.pending;
    counter.pending = 0;
    byDatabase.set(counter.db, [...(byDatabase.get(counter.db) ?? []), counter]);
  }
  for (const [db, batch] of byDatabase) {
    try {
      const rows = sql.join(
        batch.map(
          (counter) =>
            sql`(${counter.bucket}, ${counter.windowStart.toISOString()}::timestamptz, ${counter.inFlight}::integer, ${counter.windowEnd.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      const result = await db.execute(sql`
        INSERT INTO loyalty.rate_limit_windows AS w (bucket, window_start, requests, expires_at)
        VALUES ${rows}
        ON CONFLICT (bucket, window_start) DO UPDATE SET requests = w.requests + excluded.requests
        RETURNING bucket, window_start, requests
      `);
      const totals = new Map(
        rowsOf<{ bucket: string; window_start: Date | string; requests: number }>(result).map((row) => [
          `${row.bucket}@${new Date(row.window_start).getTime()}`,
          Number(row.requests),
        ]),
      );
      for (const counter of batch) {
        counter.synced = Math.max(counter.synced + counter.inFlight, totals.get(keyOf(counter)) ?? 0);
        counter.inFlight = 0;
      }
    } catch (error) {
      // Counting is best effort: a failed flush loses its counts rather than failing requests.
      logger.warn({ err: error }, "rate-limit counters could not be written");
      for (const counter of batch) counter.inFlight = 0;
    }
  }
  forgetEndedWindows(new Date());
}

function keyOf(counter: Counter): string {
  return `${counter.bucket}@${counter.windowStart.getTime()}`;
}

function forgetEndedWindows(now: Date): void {
  for (const [key, counter] of counters) {
    if (counter.windowEnd <= now && counter.pending === 0 && counter.inFlight === 0) counters.delete(key);
  }
}

/** Forgets every counter of this instance (tests that change limits). */
export function resetBatchedCounters(): void {
  counters.clear();
}
