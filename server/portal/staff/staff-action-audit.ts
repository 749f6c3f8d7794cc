import "server-only";
import type { Audit } from "@/server/actions/server-action";
import type { AuditAction } from "@/lib/portal/staff/audit-actions";
import { logger } from "@/server/observability/logger";
import { customerIp } from "@/server/portal/customer-ip";
import { getPortalDatabase, type Database } from "@/server/portal/db/portal-database";
import { appendAuditEvent, type AuditActor, type AuditSubject } from "./append-audit-event";
import type { StaffSession } from "./staff-session";
import { describeFailure, isUnknownOutcome } from "./staff-refusal";

/** What a staff action's handler records its change through. */
export interface StaffAuditContext {
  ip: string | undefined;
  db: Database;
  /**
   * A change of the portal's own tables: `change` runs in one transaction
   * with the audit row, so both commit or neither does.
   */
  local<T>(change: (tx: Database) => Promise<{ result: T; audit: AuditSubject }>): Promise<T>;
  /**
   * A change made by another party (the service, the saga's calls): one row
   * before the call (`attempted`, with what is about to change) and one after
   * it (`succeeded`, or `failed` / `unknown` with why), with one request id.
   */
  remote<T>(audit: AuditSubject, call: () => Promise<{ result: T; after?: unknown }>): Promise<T>;
}

/**
 * The audit step of the staff console's actions: `local` and `remote` write
 * the rows, and `settle` holds a success to exactly one `succeeded` row (an
 * action that recorded none, or two, fails instead of passing unaudited).
 */
export async function openStaffAudit(opened: {
  staff: StaffSession;
  action: AuditAction;
  reason: string | undefined;
  requestId: string;
}): Promise<Audit<StaffAuditContext>> {
  const { staff, action, reason, requestId } = opened;
  const db = await getPortalDatabase();
  const ip = await customerIp();
  const actor: AuditActor = { username: staff.username, role: staff.role, ip, requestId };
  let succeeded = 0;
  const record = (target: Database, outcome: "succeeded" | "attempted" | "failed" | "unknown", audit: AuditSubject) =>
    appendAuditEvent(target, actor, { action, outcome, reason, ...audit });

  return {
    context: {
      ip,
      db,
      local: (change) =>
        db.transaction(async (tx) => {
          const { result, audit } = await change(tx);
          await record(tx, "succeeded", audit);
          succeeded += 1;
          return result;
        }),
      remote: async (audit, call) => {
        await record(db, "attempted", audit);
        let answer: Awaited<ReturnType<typeof call>>;
        try {
          answer = await call();
        } catch (error) {
          await record(db, isUnknownOutcome(error) ? "unknown" : "failed", {
            ...audit,
            after: { error: describeFailure(error) },
          }).catch((failure: unknown) =>
            logger.error({ err: failure, requestId }, "the outcome of a staff action could not be audited"),
          );
          throw error;
        }
        await record(db, "succeeded", { ...audit, after: answer.after ?? audit.after });
        succeeded += 1;
        return answer.result;
      },
    },
    settle: () => {
      if (succeeded !== 1) throw new Error(`${action} recorded ${succeeded} audit rows instead of one`);
    },
  };
}
