import type { Database } from "@/server/db/connect";
import {
  clearAttempts,
  reserveAttempt,
  type AttemptPolicy,
  type AttemptReservation,
  type ThrottleTable,
} from "@/server/loyalty/security/attempt-throttle";

/**
 * Registrations whose details do not match, per membership. The details a
 * registration proves are few and guessable (a date of birth is one of some
 * 30,000), so the lock is long: five wrong tries a day.
 */
export const registrationThrottlePolicy = {
  maxFailures: 5,
  windowSeconds: 24 * 3_600,
  lockSeconds: 24 * 3_600,
} as const satisfies AttemptPolicy;

const registrationThrottleTable: ThrottleTable = { table: "registration_throttles", keyColumn: "member_id" };

/** Takes one of the membership's attempts before its details are compared; refused while locked. */
export function reserveRegistrationAttempt(db: Database, memberId: number, now: Date): Promise<AttemptReservation> {
  return reserveAttempt(db, registrationThrottleTable, memberId, registrationThrottlePolicy, now);
}

/** The details matched: earlier failures are forgotten. */
export function clearRegistrationAttempts(db: Database, memberId: number): Promise<void> {
  return clearAttempts(db, registrationThrottleTable, memberId);
}
