import "server-only";
import type { AuditAction, AuditOutcome } from "@/lib/portal/staff/audit-actions";
import type { StaffRole } from "@/lib/portal/staff/staff-roles";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAuditEvents } from "@/server/portal/db/schema";

/** What an audit row says about its subject: the target, the member concerned, the fields before and after. */
export interface AuditSubject {
  targetType?: "member" | "order" | "staff" | "audit" | "control";
  targetId?: string;
  membershipNumber?: string;
  before?: unknown;
  after?: unknown;
  /** The reason's code, when the action takes one (portal.staff_reason_codes). */
  reasonCode?: string;
  /** The reason, when the subject's own (an approval records the request's). */
  reason?: string;
}

/** Who did it, from where, under which request. */
export interface AuditActor {
  username: string;
  role: StaffRole;
  ip: string | undefined;
  requestId: string;
}

export interface AuditEvent extends AuditSubject {
  action: AuditAction;
  outcome: AuditOutcome;
}

export type AuditEventRow = typeof staffAuditEvents.$inferSelect;

/**
 * Appends one row to the audit trail. Pass the transaction of the change it
 * records, so the row and the change commit (or fail) together. Rows are
 * never changed or deleted (the database refuses it).
 */
export async function appendAuditEvent(
  db: Database,
  actor: AuditActor,
  event: AuditEvent,
  now: Date = new Date(),
): Promise<AuditEventRow> {
  const [row] = await db
    .insert(staffAuditEvents)
    .values({
      at: now,
      actor: actor.username,
      actorRole: actor.role,
      action: event.action,
      outcome: event.outcome,
      targetType: event.targetType ?? null,
      targetId: event.targetId ?? null,
      membershipNumber: event.membershipNumber ?? null,
      reason: event.reason ?? null,
      reasonCode: event.reasonCode ?? null,
      before: event.before ?? null,
      after: event.after ?? null,
      ip: actor.ip ?? null,
      requestId: actor.requestId,
    })
    .returning();
  return row!;
}
