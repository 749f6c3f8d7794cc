import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { refusal, type StaffActionResult } from "@/lib/actions/action-result";
import type { AuditAction } from "@/lib/portal/staff/audit-actions";
import { mayDo, type StaffPermission } from "@/lib/portal/staff/staff-roles";
import { serverAction, type SessionKind } from "@/server/actions/server-action";
import { logger } from "@/server/observability/logger";
import { customerIp } from "@/server/portal/customer-ip";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { appendAuditEvent, type AuditActor, type AuditSubject } from "./append-audit-event";
import { reasonProblems } from "./find-reason-codes";
import { openStaffAudit, type StaffAuditContext } from "./staff-action-audit";
import { staffFailure } from "./staff-refusal";
import { getStaffSession, requireStaffSession, type StaffSession } from "./staff-session";

export interface StaffActionContext<Input> extends StaffAuditContext {
  input: Input;
  staff: StaffSession;
  /** The reason given, when the action requires one. */
  reason: string | undefined;
  /** The reason's code, when the action takes one (checked against portal.staff_reason_codes). */
  reasonCode: string | undefined;
  requestId: string;
}

export type StaffActionDefinition<Schema extends z.ZodType> = {
  /** What the audit trail records for it. */
  action: AuditAction;
  /** Who may do it (lib/portal/staff/staff-roles.ts). */
  permission: StaffPermission;
  /** The form's own schema, parsed again here: the browser is not trusted. */
  input: Schema;
} & (z.output<Schema> extends { reason: string } | { reasonCode: string }
  ? {
      /** Whether the reason the schema parses (reasonSchema, or withReasonCode's) is kept in the audit row. */
      reasonRequired: boolean;
    }
  : {
      /** A schema that parses no `reason` cannot require one. */
      reasonRequired: false;
    });

const staffSessions: SessionKind<StaffSession> = { find: getStaffSession, require: requireStaffSession };

/**
 * The staff console's server actions: the one builder
 * (server/actions/server-action.ts) with a live staff session whose role
 * may do the action, the form's schema (with its reason when one is
 * required), and the audit trail: what the handler changes is recorded
 * through `local` or `remote`, a success records exactly one `succeeded`
 * row, a refusal none (it is logged). Every refusal carries the request id
 * to quote, and the service's refusals are answered in the console's words.
 */
export function staffAction<Schema extends z.ZodType, T>(
  definition: StaffActionDefinition<Schema>,
  handler: (context: StaffActionContext<z.output<Schema>>) => Promise<T>,
): (input: z.input<Schema>) => Promise<StaffActionResult<T>> {
  const { action, permission, reasonRequired, input } = definition;
  const reasonOf = (parsed: unknown) => (reasonRequired ? (parsed as { reason?: string }).reason : undefined);
  const reasonCodeOf = (parsed: unknown) =>
    reasonRequired ? (parsed as { reasonCode?: string }).reasonCode : undefined;
  return serverAction<z.input<Schema>, Schema, StaffSession, "answer", T, never, StaffAuditContext>(
    {
      surface: "staff",
      name: action,
      foreignOrigin: "This request did not come from the staff console.",
      session: {
        mode: "answer",
        kind: staffSessions,
        signedOut: refusal("unauthenticated", "Your staff session has ended. Log in again."),
      },
      allow: async (staff, requestId) => {
        if (mayDo(staff.role, permission)) return undefined;
        logger.warn(
          { action, requestId, actor: staff.username, role: staff.role },
          "staff action refused: role not allowed",
        );
        await recordRefusal(staff, requestId, { action, after: { permission } });
        return refusal("forbidden", "Your role does not allow this.");
      },
      input,
      invalid: { fieldErrors: true },
      audit: ({ session, input: parsed, requestId }) =>
        openStaffAudit({
          staff: session,
          action,
          reason: reasonOf(parsed),
          reasonCode: reasonCodeOf(parsed),
          requestId,
        }),
      onError: (error, requestId) => staffFailure(error, action, requestId),
      actor: (staff) => ({ actor: staff.username }),
      referenceEveryRefusal: true,
    },
    async ({ input: parsed, session, requestId, ...audit }) => {
      const reason = reasonOf(parsed);
      const reasonCode = reasonCodeOf(parsed);
      if (reasonCode !== undefined) {
        const problems = await reasonProblems(audit.db, reasonCode, reason);
        if (problems) return refusal("invalid", "Some details need correcting.", { fieldErrors: problems });
      }
      return handler({ ...audit, input: parsed, staff: session, reason, reasonCode, requestId });
    },
  );
}

/**
 * A role trying what it may not (an agent posting an administrator's
 * action, opening an administrator's page): one `refused` row. A failure
 * to record it is logged; the refusal stands either way.
 */
export async function recordRefusal(
  staff: StaffSession,
  requestId: string,
  event: AuditSubject & { action: AuditAction },
): Promise<void> {
  const actor: AuditActor = { username: staff.username, role: staff.role, ip: await customerIp(), requestId };
  await appendAuditEvent(await getPortalDatabase(), actor, { outcome: "refused", ...event }).catch((error: unknown) =>
    logger.error({ err: error, requestId, action: event.action }, "a refused staff action could not be audited"),
  );
}

/** A page's own audit row (member.viewed, member.searched): not an action, but recorded the same way. */
export async function recordStaffEvent(
  staff: StaffSession,
  event: AuditSubject & { action: AuditAction },
): Promise<void> {
  const actor: AuditActor = {
    username: staff.username,
    role: staff.role,
    ip: await customerIp(),
    requestId: randomUUID(),
  };
  await appendAuditEvent(await getPortalDatabase(), actor, { outcome: "succeeded", ...event });
}
