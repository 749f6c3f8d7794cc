import "server-only";
import { inArray } from "drizzle-orm";
import { sandboxSchema } from "@/lib/sandbox/sandbox-schema";
import sandbox from "@/sandbox.json";
import type { Database } from "@/server/db/connect";
import { staffAccounts } from "@/server/portal/db/schema";
import { hashSecret } from "@/server/security/password-hash";
import { agentIdFor, canonicalUsername } from "./staff-account";

export interface SeedStaffMember {
  username: string;
  password: string;
  role: "AGENT" | "ADMIN";
}

/** The staff of sandbox.json (`staff`), validated. */
export function sandboxStaff(): SeedStaffMember[] {
  return sandboxSchema.shape.staff.parse(sandbox.staff);
}

/**
 * Adds the staff accounts that are missing (argon2id hashes of their
 * passwords); accounts already there are left as they are, so a restart
 * never undoes a reset password or a disabled account.
 */
export async function seedStaff(db: Database, staff: SeedStaffMember[]): Promise<void> {
  if (staff.length === 0) return;
  const usernames = staff.map((member) => canonicalUsername(member.username));
  const existing = new Set(
    (
      await db
        .select({ username: staffAccounts.username })
        .from(staffAccounts)
        .where(inArray(staffAccounts.username, usernames))
    ).map((row) => row.username),
  );
  const missing = staff.filter((member) => !existing.has(canonicalUsername(member.username)));
  if (missing.length === 0) return;
  const rows = [];
  for (const member of missing) {
    const username = canonicalUsername(member.username);
    rows.push({
      username,
      agentId: agentIdFor(username),
      role: member.role,
      passwordHash: await hashSecret(member.password, "internal"),
    });
  }
  await db.insert(staffAccounts).values(rows).onConflictDoNothing();
}
