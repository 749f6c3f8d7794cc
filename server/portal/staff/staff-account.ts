import "server-only";
import { eq } from "drizzle-orm";
import type { StaffRole } from "@/lib/portal/staff/staff-roles";
import type { Database } from "@/server/db/connect";
import { staffAccounts } from "@/server/portal/db/schema";

export type StaffAccountRow = typeof staffAccounts.$inferSelect;

/** A staff account as the console shows it: never the password hash. */
export interface StaffAccountView {
  id: string;
  username: string;
  role: StaffRole;
  disabledAt: Date | null;
  createdAt: Date;
  createdBy: string | null;
  passwordChangedAt: Date;
}

export function accountView(row: StaffAccountRow): StaffAccountView {
  return {
    id: row.id,
    username: row.username,
    role: row.role as StaffRole,
    disabledAt: row.disabledAt,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    passwordChangedAt: row.passwordChangedAt,
  };
}

/**
 * What the service is sent as X-Agent-Id for a username: its letters and
 * digits (the header takes nothing else, and the loyalty client refuses
 * rather than alters), so `staff.agent` acts as `staffagent`. Unique per
 * account (a unique index), so two usernames never share an agent id.
 */
export function agentIdFor(username: string): string {
  return username.replace(/[^A-Za-z0-9]/g, "").slice(0, 50);
}

/** Usernames are case insensitive: stored and looked up in lower case. */
export function canonicalUsername(username: string): string {
  return username.trim().toLowerCase();
}

export async function findStaffAccountByUsername(db: Database, username: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.username, canonicalUsername(username)))
    .limit(1);
  return row;
}

export async function findStaffAccount(db: Database, id: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
  return row;
}
