import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAccounts } from "@/server/portal/db/schema";
import { hashSecret } from "@/server/security/password-hash";
import type { AuditSubject } from "./append-audit-event";
import { generateStaffPassword } from "./generate-staff-password";
import { StaffRefusal } from "./staff-refusal";
import { findStaffAccount } from "./staff-account";
import { endStaffSessions } from "./staff-session-store";

/**
 * A new password for an account, shown once: hashed first (outside the
 * transaction), then stored with the account's sessions ended in the
 * audit's transaction, so whoever held the old password is out at once.
 */
export async function prepareStaffPasswordReset() {
  const password = generateStaffPassword();
  const passwordHash = await hashSecret(password, "console");
  return async (
    tx: Database,
    staffId: string,
    now: Date,
  ): Promise<{ result: { username: string; password: string }; audit: AuditSubject }> => {
    const account = await findStaffAccount(tx, staffId);
    if (!account) throw new StaffRefusal("There is no such staff account.");
    if (account.disabledAt !== null) throw new StaffRefusal(`${account.username} is disabled.`);
    await tx.update(staffAccounts).set({ passwordHash, passwordChangedAt: now }).where(eq(staffAccounts.id, staffId));
    const sessionsEnded = await endStaffSessions(tx, staffId);
    return {
      result: { username: account.username, password },
      // Never the password, nor its hash.
      audit: { targetType: "staff", targetId: account.username, after: { passwordChanged: true, sessionsEnded } },
    };
  };
}
