import "server-only";
import { eq, or } from "drizzle-orm";
import type { StaffRole } from "@/lib/portal/staff/staff-roles";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAccounts } from "@/server/portal/db/schema";
import { hashSecret } from "@/server/security/password-hash";
import type { AuditSubject } from "./append-audit-event";
import { generateStaffPassword } from "./generate-staff-password";
import { agentIdFor } from "./staff-account";
import { StaffRefusal } from "./staff-refusal";

export interface CreatedStaffAccount {
  id: string;
  username: string;
  role: StaffRole;
  /** Shown once to the administrator; stored only as its argon2id hash. */
  password: string;
}

/**
 * Hashes a new account's password (outside any transaction: argon2 takes a
 * core for tens of milliseconds), then returns the insert to run in the
 * audit's transaction. A username, or one whose agent id another already
 * has (`staff.agent` and `staffagent`), is refused.
 */
export async function prepareStaffAccount(username: string, role: StaffRole) {
  const agentId = agentIdFor(username);
  if (agentId.length === 0)
    throw new StaffRefusal("A username needs at least one letter or digit.", { code: "invalid" });
  const password = generateStaffPassword();
  const passwordHash = await hashSecret(password, "console");

  return async (tx: Database, createdBy: string): Promise<{ result: CreatedStaffAccount; audit: AuditSubject }> => {
    const [taken] = await tx
      .select({ username: staffAccounts.username })
      .from(staffAccounts)
      .where(or(eq(staffAccounts.username, username), eq(staffAccounts.agentId, agentId)))
      .limit(1);
    if (taken) {
      throw new StaffRefusal(
        taken.username === username
          ? "A staff account with this username exists."
          : `This username is too close to ${taken.username}'s: the service would not tell them apart.`,
        { fieldErrors: { username: "Choose another username." } },
      );
    }
    // The unique indexes decide a race between two administrators; the loser gets a database error.
    const [row] = await tx
      .insert(staffAccounts)
      .values({ username, agentId, role, passwordHash, createdBy })
      .returning({ id: staffAccounts.id });
    return {
      result: { id: row!.id, username, role, password },
      audit: { targetType: "staff", targetId: username, after: { username, role, agentId } },
    };
  };
}
