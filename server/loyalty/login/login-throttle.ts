import { eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { loginThrottles } from "@/server/db/schema";

/**
 * Failed logins are counted per username in the database, never in process
 * memory, so every app instance sees the same count and the same lock.
 * Times always come from the caller (JavaScript's clock), not from SQL
 * `now()`, so the policy can be tested with a fake clock.
 */
export const loginThrottlePolicy = {
  /** Failures within the window that lock the username. */
  maxFailures: 5,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
} as const;

export interface LoginThrottleState {
  failedAttempts: number;
  lockedUntil: Date | null;
}

/** Usernames are case insensitive, so they are counted under their upper-case form. */
export function throttleKey(username: string): string {
  return username.toUpperCase();
}

export async function isLoginLocked(db: Database, username: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.username, throttleKey(username)))
    .limit(1);
  return row?.lockedUntil != null && row.lockedUntil.getTime() > now.getTime();
}

/**
 * Counts one failure in a single statement (insert or increment), so that
 * failures arriving together on several instances are all counted. A count
 * starts again once its window has passed or its lock has ended; reaching the
 * maximum locks the username, and an active lock is never extended.
 */
export async function recordFailedLogin(db: Database, username: string, now: Date): Promise<LoginThrottleState> {
  const policy = loginThrottlePolicy;
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - policy.windowSeconds * 1000).toISOString()}::timestamptz`;
  const lockEnd = sql`${new Date(now.getTime() + policy.lockSeconds * 1000).toISOString()}::timestamptz`;

  // Inside ON CONFLICT DO UPDATE the table's name denotes the stored row.
  const stored = (column: string) => sql`${sql.identifier("login_throttles")}.${sql.identifier(column)}`;
  const stillLocked = sql`coalesce(${stored("locked_until")} > ${nowParam}, false)`;
  const lockEnded = sql`coalesce(${stored("locked_until")} <= ${nowParam}, false)`;
  const startsOver = sql`(not ${stillLocked} and (${stored("first_failed_at")} <= ${windowStart} or ${lockEnded}))`;
  const newCount = sql`case when ${startsOver} then 1 else ${stored("failed_attempts")} + 1 end`;

  const [row] = await db
    .insert(loginThrottles)
    .values({
      username: throttleKey(username),
      failedAttempts: 1,
      firstFailedAt: now,
      lockedUntil: null,
    })
    .onConflictDoUpdate({
      target: loginThrottles.username,
      set: {
        failedAttempts: newCount,
        firstFailedAt: sql`case when ${startsOver} then ${nowParam} else ${stored("first_failed_at")} end`,
        lockedUntil: sql`case
          when ${stillLocked} then ${stored("locked_until")}
          when ${newCount} >= ${policy.maxFailures} then ${lockEnd}
          else null end`,
      },
    })
    .returning({ failedAttempts: loginThrottles.failedAttempts, lockedUntil: loginThrottles.lockedUntil });
  if (!row) throw new Error("login throttle upsert returned no row");
  return row;
}

/** A successful login forgets the username's failures. */
export async function clearFailedLogins(db: Database, username: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.username, throttleKey(username)));
}

/** Whether a recorded state locks the username at `now`. */
export function isLockedState(state: LoginThrottleState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}
