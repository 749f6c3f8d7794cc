import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { rateLimitCounters } from "@/server/portal/db/schema";
import { secondsLeftInWindow, type RateLimitRule } from "./rate-limit-rule";

/** Seconds `clientKey` must wait before `rule` lets it through again; 0 when its next hit would pass. Counts nothing. */
export async function rateLimitWait(db: Database, rule: RateLimitRule, clientKey: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ hits: rateLimitCounters.hits, windowStart: rateLimitCounters.windowStart })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.scope, rule.scope), eq(rateLimitCounters.clientKey, clientKey)))
    .limit(1);
  if (!row || row.hits < rule.limit) return 0;
  const windowEnd = row.windowStart.getTime() + rule.windowSeconds * 1000;
  return windowEnd <= now.getTime() ? 0 : secondsLeftInWindow(rule, row.windowStart, now);
}
