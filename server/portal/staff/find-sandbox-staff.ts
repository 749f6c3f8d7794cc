import "server-only";
import { inArray } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAccounts } from "@/server/portal/db/schema";
import { sandboxStaff } from "./seed-staff";
import { canonicalUsername } from "./staff-account";

/** Live mode's check of the portal's database: the sandbox's staff accounts (their password is published), one line. */
export async function sandboxStaffProblems(db: Database): Promise<string[]> {
  const usernames = sandboxStaff().map((member) => canonicalUsername(member.username));
  const found = await db
    .select({ username: staffAccounts.username })
    .from(staffAccounts)
    .where(inArray(staffAccounts.username, usernames))
    .orderBy(staffAccounts.username);
  if (found.length === 0) return [];
  return [
    `The database holds the sandbox's staff accounts (${found.map((row) => row.username).join(", ")}), whose password is published; start live mode on a database the sandbox never seeded.`,
  ];
}
