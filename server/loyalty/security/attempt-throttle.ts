import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";

/** How many attempts a key gets within a window before it is locked, and for how long. */
export interface AttemptPolicy {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/**
 * A table of the `loyalty` schema counting attempts per key, with the columns
 * `failed_attempts`, `first_failed_at` and `locked_until` beside the key.
 */
export interface ThrottleTable {
  table: "login_throttles" | "registration_throttles" | "developer_login_throttles";
  keyColumn: "username" | "member_id" | "email";
  /**
   * A second key column, when the table counts per key AND client (its
   * primary key is both): a lock then holds for that client only.
   */
  clientColumn?: "client_key";
}

/** The key's value, with the client's when the table has a client column. */
export type ThrottleKey = string | number | { key: string | number; client: string };

export type AttemptReservation =
  /** The attempt may go on; it is already counted as a failure until `clearAttempts` forgets it. */
  | {
      granted: true;
      attempt: number;
      /** This attempt reached the maximum: if it fails, the key is locked. */ locks: boolean;
    }
  /** The key is locked: the attempt must not be checked at all. */
  | { granted: false; lockedUntil: Date | undefined };

/**
 * Reserves one attempt for a key BEFORE the secret is checked, in one
 * statement that refuses while the key is locked. Concurrent attempts are
 * serialised on the key's row, so a burst gets exactly the allowed number of
 * checks, however many arrive together and on however many instances; the
 * attempt that reaches the maximum sets the lock in the same statement.
 * A count starts again once its window or its lock has passed. Times come
 * from the caller's clock, so the policy can be tested with a fake one.
 */
export async function reserveAttempt(
  db: Database,
  where: ThrottleTable,
  key: ThrottleKey,
  policy: AttemptPolicy,
  now: Date,
): Promise<AttemptReservation> {
  const table = sql.identifier(where.table);
  const { columns, values, matches } = keyParts(where, key);
  const stored = (column: string) => sql`${table}.${sql.identifier(column)}`;
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - policy.windowSeconds * 1000).toISOString()}::timestamptz`;
  const lockEnd = sql`${new Date(now.getTime() + policy.lockSeconds * 1000).toISOString()}::timestamptz`;
  // Only rows that are not locked are updated (the WHERE below): a lock still
  // present there has ended, and so has its count.
  const startsOver = sql`(${stored("first_failed_at")} <= ${windowStart} or ${stored("locked_until")} is not null)`;
  const newCount = sql`(case when ${startsOver} then 1 else ${stored("failed_attempts")} + 1 end)`;

  const result = await db.execute(sql`
    INSERT INTO loyalty.${table} (${columns}, failed_attempts, first_failed_at, locked_until)
    VALUES (${values}, 1, ${nowParam}, case when 1 >= ${policy.maxFailures} then ${lockEnd} end)
    ON CONFLICT (${columns}) DO UPDATE SET
      failed_attempts = ${newCount},
      first_failed_at = case when ${startsOver} then ${nowParam} else ${stored("first_failed_at")} end,
      locked_until = case when ${newCount} >= ${policy.maxFailures} then ${lockEnd} end
    WHERE ${stored("locked_until")} is null or ${stored("locked_until")} <= ${nowParam}
    RETURNING failed_attempts, locked_until
  `);
  const [row] = rowsOf<{ failed_attempts: number; locked_until: Date | string | null }>(result);
  if (row) return { granted: true, attempt: Number(row.failed_attempts), locks: row.locked_until !== null };

  const locked = await db.execute(sql`SELECT locked_until FROM loyalty.${table} WHERE ${matches}`);
  const [lockRow] = rowsOf<{ locked_until: Date | string | null }>(locked);
  return { granted: false, lockedUntil: lockRow?.locked_until ? new Date(lockRow.locked_until) : undefined };
}

/** Forgets a key's attempts: the secret was right. */
export async function clearAttempts(db: Database, where: ThrottleTable, key: ThrottleKey): Promise<void> {
  await db.execute(sql`DELETE FROM loyalty.${sql.identifier(where.table)} WHERE ${keyParts(where, key).matches}`);
}

/** The key's columns and values for the statements, and the condition that finds its row. */
function keyParts(where: ThrottleTable, key: ThrottleKey) {
  const keyColumn = sql.identifier(where.keyColumn);
  const scoped = typeof key === "object";
  if (scoped !== (where.clientColumn !== undefined))
    throw new Error(`${where.table}: a key ${scoped ? "with" : "without"} a client does not fit the table`);
  if (!scoped) return { columns: keyColumn, values: sql`${key}`, matches: sql`${keyColumn} = ${key}` };
  const clientColumn = sql.identifier(where.clientColumn!);
  return {
    columns: sql`${keyColumn}, ${clientColumn}`,
    values: sql`${key.key}, ${key.client}`,
    matches: sql`${keyColumn} = ${key.key} AND ${clientColumn} = ${key.client}`,
  };
}
