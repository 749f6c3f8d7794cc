import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/server/db/rows";
import type { Database } from "@/server/portal/db/portal-database";

/**
 * The member login's lockout rules (docs/decisions.md, "Lockout"), for staff,
 * per username AND address (docs/decisions.md, "Staff lockout"): 5 failures
 * from one address within 15 minutes of the first lock the username (existing
 * or not, case insensitive) for 15 minutes from that address only; while
 * locked no password is verified; the right password clears that count. An
 * outsider elsewhere cannot lock an administrator out, and the per-address
 * limit (STAFF_SIGN_IN_LIMIT) bounds how many guesses one address makes.
 */
export const staffLoginPolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

export type StaffAttempt =
  /** The attempt may go on; it counts as a failure until the password proves right. */
  { granted: true; attempt: number; locks: boolean } | { granted: false; lockedUntil: Date | undefined };

/**
 * Reserves one attempt BEFORE the password is verified, by one statement
 * that refuses while the username is locked and sets the lock with the
 * attempt that reaches the maximum: concurrent guesses are serialised on the
 * username's row, so a burst gets exactly the allowed number of
 * verifications on any number of instances. The same statement as the
 * service's reserveAttempt, on the portal's own table.
 */
export async function reserveStaffLoginAttempt(
  db: Database,
  username: string,
  clientKey: string,
  now: Date,
): Promise<StaffAttempt> {
  const key = username.trim().toLowerCase();
  const policy = staffLoginPolicy;
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - policy.windowSeconds * 1000).toISOString()}::timestamptz`;
  const lockEnd = sql`${new Date(now.getTime() + policy.lockSeconds * 1000).toISOString()}::timestamptz`;
  // Only rows that are not locked are updated: a lock still there has ended, and so has its count.
  const startsOver = sql`(t.first_failed_at <= ${windowStart} or t.locked_until is not null)`;
  const newCount = sql`(case when ${startsOver} then 1 else t.failed_attempts + 1 end)`;
  const result = await db.execute(sql`
    INSERT INTO portal.staff_login_throttles AS t (username, client_key, failed_attempts, first_failed_at, locked_until)
    VALUES (${key}, ${clientKey}, 1, ${nowParam}, case when 1 >= ${policy.maxFailures} then ${lockEnd} end)
    ON CONFLICT (username, client_key) DO UPDATE SET
      failed_attempts = ${newCount},
      first_failed_at = case when ${startsOver} then ${nowParam} else t.first_failed_at end,
      locked_until = case when ${newCount} >= ${policy.maxFailures} then ${lockEnd} end
    WHERE t.locked_until is null or t.locked_until <= ${nowParam}
    RETURNING failed_attempts, locked_until
  `);
  const [row] = rowsOf<{ failed_attempts: number; locked_until: Date | string | null }>(result);
  if (row) return { granted: true, attempt: Number(row.failed_attempts), locks: row.locked_until !== null };

  const locked = await db.execute(
    sql`SELECT locked_until FROM portal.staff_login_throttles WHERE username = ${key} AND client_key = ${clientKey}`,
  );
  const [lockRow] = rowsOf<{ locked_until: Date | string | null }>(locked);
  return { granted: false, lockedUntil: lockRow?.locked_until ? new Date(lockRow.locked_until) : undefined };
}

/** The right password: the username's failures from this address are forgotten. */
export async function clearStaffLoginAttempts(db: Database, username: string, clientKey: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM portal.staff_login_throttles WHERE username = ${username.trim().toLowerCase()} AND client_key = ${clientKey}`,
  );
}
