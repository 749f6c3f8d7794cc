import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAccounts } from "@/server/portal/db/schema";
import type { AuditSubject } from "./append-audit-event";
import { StaffRefusal } from "./staff-refusal";
import { findStaffAccount } from "./staff-account";
import { endStaffSessions } from "./staff-session-store";

/**
 * Disables an account and ends its sessions in the same transaction: its
 * next request finds no session (and the session lookup refuses a disabled
 * account anyway). Nobody disables their own account.
 */
export async function disableStaffAccount(
  tx: Database,
  staffId: string,
  actorId: string,
  now: Date,
): Promise<{ result: { username: string; sessionsEnded: number }; audit: AuditSubject }> {
  if (staffId === actorId) throw new StaffRefusal("You cannot disable your own account.");
  const account = await findStaffAccount(tx, staffId);
  if (!account) throw new StaffRefusal("There is no such staff account.");
  const [disabled] = await tx
    .update(staffAccounts)
    .set({ disabledAt: now })
    .where(and(eq(staffAccounts.id, staffId), isNull(staffAccounts.disabledAt)))
    .returning({ id: staffAccounts.id });
  if (!disabled) throw new StaffRefusal(`${account.username} is already disabled.`);
  const sessionsEnded = await endStaffSessions(tx, staffId);
  return {
    result: { username: account.username, sessionsEnded },
    audit: {
      targetType: "staff",
      targetId: account.username,
      before: { disabled: false },
      after: { disabled: true, sessionsEnded },
    },
  };
}
