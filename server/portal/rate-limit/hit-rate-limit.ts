import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { rateLimitCounters } from "@/server/portal/db/schema";
import { countRateLimitRefusal } from "@/server/observability/refusal-metrics";
import { secondsLeftInWindow, windowStartOf, type RateLimitDecision, type RateLimitRule } from "./rate-limit-rule";

/**
 * Counts one hit of `clientKey` against `rule` and says whether it is
 * within the limit. One INSERT ... ON CONFLICT DO UPDATE: it counts in the
 * stored window, or starts the current one at 1 when the stored window has
 * passed. PostgreSQL runs it atomically per row, so instances sharing the
 * database never lose a hit or both see the same count.
 */
export async function hitRateLimit(
  db: Database,
  rule: RateLimitRule,
  clientKey: string,
  now: Date,
): Promise<RateLimitDecision> {
  const windowStart = windowStartOf(rule, now);
  // Inside ON CONFLICT DO UPDATE the table's name denotes the stored row, `excluded` the proposed one.
  const stored = (column: string) => sql`${sql.identifier("rate_limit_counters")}.${sql.identifier(column)}`;
  const proposedWindow = sql`excluded.${sql.identifier("window_start")}`;
  // An instance whose clock is a little behind counts in the newer window rather than resetting it.
  const sameOrNewerWindow = sql`${stored("window_start")} >= ${proposedWindow}`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ scope: rule.scope, clientKey, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.scope, rateLimitCounters.clientKey],
      set: {
        hits: sql`case when ${sameOrNewerWindow} then ${stored("hits")} + 1 else 1 end`,
        windowStart: sql`greatest(${stored("window_start")}, ${proposedWindow})`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, windowStart: rateLimitCounters.windowStart });
  if (!row) throw new Error("rate limit upsert returned no row");
  // The first hit of a window clears this form's counters whose windows have passed, so the table stays small.
  if (row.hits === 1) await purgeEndedWindows(db, rule, now);
  const allowed = row.hits <= rule.limit;
  if (!allowed) countRateLimitRefusal(`portal-${rule.scope}`);
  return {
    allowed,
    hits: row.hits,
    retryAfterSeconds: secondsLeftInWindow(rule, row.windowStart, now),
  };
}

async function purgeEndedWindows(db: Database, rule: RateLimitRule, now: Date): Promise<void> {
  const ended = new Date(now.getTime() - rule.windowSeconds * 1000);
  await db
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.scope, rule.scope), lt(rateLimitCounters.windowStart, ended)));
}
