import "server-only";
import { and, eq, isNotNull, isNull, lt, lte, notInArray, or } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { memberSessions, rateLimitCounters, staffLoginThrottles, staffSessions } from "@/server/portal/db/schema";
import type { RateLimitRule } from "@/server/portal/rate-limit/rate-limit-rule";
import { staffLoginPolicy } from "@/server/portal/staff/staff-login-throttle";

/** The longest window a form's limit may have (server/config/env.ts): a counter older than that counts for nothing. */
const longestWindowSeconds = 86_400;

export interface PortalRetention {
  /** Minutes without a request after which a staff session ends (STAFF_SESSION_IDLE_MINUTES). */
  staffIdleMinutes: number;
  /** The forms' limits: a counter is over once its window has passed. */
  rateLimitRules: readonly RateLimitRule[];
}

export interface PurgedPortalRows {
  memberSessions: number;
  staffSessions: number;
  staffLoginThrottles: number;
  rateLimitCounters: number;
}

/**
 * Deletes the portal's rows that no longer count for anything: member
 * sessions past their end (with the member's sealed tokens), staff sessions
 * past their end or idle too long, staff sign-in throttle rows whose window
 * and lock are over, and the forms' rate-limit counters whose window has
 * passed. Sign-ins and hits also drop some of these as they go; this pass
 * catches the rest when nobody signs in. Orders, their events and the
 * staff audit trail are never deleted. Safe on several instances at once.
 */
export async function purgePortalExpired(
  db: Database,
  retention: PortalRetention,
  now: Date = new Date(),
): Promise<PurgedPortalRows> {
  const count = async (deleted: Promise<unknown[]>) => (await deleted).length;
  const idleSince = new Date(now.getTime() - retention.staffIdleMinutes * 60_000);
  const throttleWindowStart = new Date(now.getTime() - staffLoginPolicy.windowSeconds * 1000);
  const ruleScopes = retention.rateLimitRules.map((rule) => rule.scope);
  const ended = (rule: RateLimitRule) =>
    and(
      eq(rateLimitCounters.scope, rule.scope),
      lt(rateLimitCounters.windowStart, new Date(now.getTime() - rule.windowSeconds * 1000)),
    );
  const counterOver = or(
    ...retention.rateLimitRules.map(ended),
    // A scope no rule names any more (renamed or removed): over once no window could still hold it.
    and(
      ruleScopes.length > 0 ? notInArray(rateLimitCounters.scope, ruleScopes) : undefined,
      lt(rateLimitCounters.windowStart, new Date(now.getTime() - longestWindowSeconds * 1000)),
    ),
  );
  return {
    memberSessions: await count(
      db.delete(memberSessions).where(lte(memberSessions.expiresAt, now)).returning({ key: memberSessions.idHash }),
    ),
    staffSessions: await count(
      db
        .delete(staffSessions)
        .where(or(lte(staffSessions.expiresAt, now), lte(staffSessions.lastSeenAt, idleSince)))
        .returning({ key: staffSessions.idHash }),
    ),
    staffLoginThrottles: await count(
      db
        .delete(staffLoginThrottles)
        .where(
          or(
            and(isNotNull(staffLoginThrottles.lockedUntil), lte(staffLoginThrottles.lockedUntil, now)),
            and(isNull(staffLoginThrottles.lockedUntil), lte(staffLoginThrottles.firstFailedAt, throttleWindowStart)),
          ),
        )
        .returning({ key: staffLoginThrottles.username }),
    ),
    rateLimitCounters: await count(
      db.delete(rateLimitCounters).where(counterOver).returning({ key: rateLimitCounters.clientKey }),
    ),
  };
}
