import type { Database } from "@/server/db/connect";
import {
  clearAttempts,
  reserveAttempt,
  type AttemptPolicy,
  type AttemptReservation,
  type ThrottleTable,
} from "@/server/loyalty/security/attempt-throttle";

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
} as const satisfies AttemptPolicy;

const loginThrottleTable: ThrottleTable = { table: "login_throttles", keyColumn: "username" };

/** Usernames are case insensitive, so they are counted under their upper-case form. */
export function throttleKey(username: string): string {
  return username.toUpperCase();
}

/**
 * Takes one of the username's attempts before its password is verified
 * (counted as a failure until the password proves right), or refuses while
 * the username is locked; see reserveAttempt.
 */
export function reserveLoginAttempt(db: Database, username: string, now: Date): Promise<AttemptReservation> {
  return reserveAttempt(db, loginThrottleTable, throttleKey(username), loginThrottlePolicy, now);
}

/** A successful login forgets the username's failures. */
export function clearFailedLogins(db: Database, username: string): Promise<void> {
  return clearAttempts(db, loginThrottleTable, throttleKey(username));
}
