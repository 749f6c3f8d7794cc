import "server-only";
import { asc, count, gt, sql } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAccounts, staffSessions } from "@/server/portal/db/schema";
import { accountView, type StaffAccountView } from "./staff-account";

export interface ListedStaffAccount extends StaffAccountView {
  /** Sessions that have not reached their end (an idle one may have lapsed already). */
  openSessions: number;
}

/** Every staff account, by username, with how many sessions each holds. */
export async function listStaffAccounts(db: Database, now: Date = new Date()): Promise<ListedStaffAccount[]> {
  const rows = await db.select().from(staffAccounts).orderBy(asc(staffAccounts.username));
  const sessions = await db
    .select({ staffId: staffSessions.staffId, open: count() })
    .from(staffSessions)
    .where(gt(staffSessions.expiresAt, sql`${now.toISOString()}::timestamptz`))
    .groupBy(staffSessions.staffId);
  const open = new Map(sessions.map((row) => [row.staffId, Number(row.open)]));
  return rows.map((row) => ({ ...accountView(row), openSessions: open.get(row.id) ?? 0 }));
}

/** The usernames of every account, for the audit page's actor filter. */
export async function listStaffUsernames(db: Database): Promise<string[]> {
  const rows = await db
    .select({ username: staffAccounts.username })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.username));
  return rows.map((row) => row.username);
}
