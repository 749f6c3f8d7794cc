import "server-only";
import { randomUUID } from "node:crypto";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import type { StaffActionResult } from "@/lib/actions/action-result";
import type { AuditAction } from "@/lib/portal/staff/audit-actions";
import { reasonSchema } from "@/lib/portal/staff/reason";
import { mayDo, type StaffPermission } from "@/lib/portal/staff/staff-roles";
import {
  LoyaltyApiError,
  LoyaltyContractError,
  LoyaltyTokenError,
  LoyaltyUnavailableError,
} from "@/lib/loyalty-client/errors";
import { logger } from "@/server/observability/logger";
import { tracedAction } from "@/server/observability/tracing";
import { customerIp } from "@/server/portal/customer-ip";
import { getPortalDatabase, type Database } from "@/server/portal/db/portal-database";
import { fromThisSite } from "@/server/http/from-this-site";
import { appendAuditEvent, type AuditActor, type AuditSubject } from "./append-audit-event";
import { getStaffSession, type StaffSession } from "./staff-session";

/**
 * A refusal a domain function words itself (the saga said no, the service
 * refused an element): answered to the form, recorded as `failed` when it
 * happens around a remote call.
 */
export class StaffRefusal extends Error {
  readonly fieldErrors?: Record<string, string>;
  readonly code: "refused" | "invalid";

  constructor(message: string, options: { fieldErrors?: Record<string, string>; code?: "refused" | "invalid" } = {}) {
    super(message);
    this.name = "StaffRefusal";
    this.fieldErrors = options.fieldErrors;
    this.code = options.code ?? "refused";
  }
}

/** An outcome nobody can know yet (the service did not answer in time): recorded as `unknown`, not `failed`. */
const isUnknownOutcome = (error: unknown) =>
  error instanceof LoyaltyUnavailableError || error instanceof LoyaltyContractError;

export interface StaffActionContext<Input> {
  input: Input;
  staff: StaffSession;
  /** The reason given, when the action requires one. */
  reason: string | undefined;
  requestId: string;
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

export interface StaffActionDefinition<Schema extends z.ZodType> {
  /** What the audit trail records for it. */
  action: AuditAction;
  /** Who may do it (lib/portal/staff/staff-roles.ts). */
  permission: StaffPermission;
  /** The form's own schema, parsed again here: the browser is not trusted. */
  input: Schema;
  /** Whether the input must carry a `reason` (kept in the audit row). */
  reasonRequired: boolean;
}

/**
 * The ONE wrapper of the staff console's server actions (as
 * server/loyalty/http/partner-operation.ts is the service's): the request
 * must come from this site (Origin, besides Next.js's own check), carry a
 * live staff session whose role may do the action, and parse against the
 * form's schema (with its reason when one is required); only then does the
 * handler run, and what it changes is recorded in the audit trail through
 * `local` or `remote`. A successful action records exactly one `succeeded`
 * row (checked here); a refused one records none (it is logged). Errors
 * become answers in the console's words, never a stack.
 */
export function staffAction<Schema extends z.ZodType, T>(
  definition: StaffActionDefinition<Schema>,
  handler: (context: StaffActionContext<z.output<Schema>>) => Promise<T>,
): (input: z.input<Schema>) => Promise<StaffActionResult<T>> {
  return tracedAction("staff", definition.action, async (requestId, raw: z.input<Schema>) => {
    const refuse = (code: RefusalCode, message: string): StaffActionResult<T> => ({
      ok: false,
      code,
      message,
      reference: requestId,
    });

    if (!(await fromThisSite())) {
      logger.warn({ action: definition.action, requestId }, "staff action refused: not posted from this site");
      return refuse("forbidden", "This request did not come from the staff console.");
    }
    const staff = await getStaffSession();
    if (!staff) return refuse("unauthenticated", "Your staff session has ended. Log in again.");
    if (!mayDo(staff.role, definition.permission)) {
      logger.warn(
        { action: definition.action, requestId, actor: staff.username, role: staff.role },
        "staff action refused: role not allowed",
      );
      return refuse("forbidden", "Your role does not allow this.");
    }

    const parsed = definition.input.safeParse(raw);
    const reason = definition.reasonRequired
      ? reasonSchema.safeParse((raw as { reason?: unknown } | null | undefined)?.reason)
      : undefined;
    if (!parsed.success || (reason && !reason.success)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of [...(parsed.error?.issues ?? []), ...(reason?.error?.issues ?? [])]) {
        const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "reason";
        fieldErrors[field] ??= issue.message;
      }
      return {
        ok: false,
        code: "invalid",
        message: "Some details need correcting.",
        fieldErrors,
        reference: requestId,
      };
    }

    const db = await getPortalDatabase();
    const ip = await customerIp();
    const actor: AuditActor = { username: staff.username, role: staff.role, ip, requestId };
    const reasonText = reason?.success ? reason.data : undefined;
    let succeeded = 0;
    const record = (target: Database, outcome: "succeeded" | "attempted" | "failed" | "unknown", audit: AuditSubject) =>
      appendAuditEvent(target, actor, { action: definition.action, outcome, reason: reasonText, ...audit });

    const context: StaffActionContext<z.output<Schema>> = {
      input: parsed.data,
      staff,
      reason: reasonText,
      requestId,
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
    };

    try {
      const data = await handler(context);
      if (succeeded !== 1) throw new Error(`${definition.action} recorded ${succeeded} audit rows instead of one`);
      return { ok: true, data };
    } catch (error) {
      // Next.js's redirect and notFound are control flow, not failures.
      unstable_rethrow(error);
      return failureAnswer(error, definition.action, requestId, staff.username);
    }
  });
}

type RefusalCode = Extract<StaffActionResult, { ok: false }>["code"];

function failureAnswer(
  error: unknown,
  action: AuditAction,
  requestId: string,
  actor: string,
): StaffActionResult<never> {
  const answer = (code: RefusalCode, message: string, fieldErrors?: Record<string, string>) => ({
    ok: false as const,
    code,
    message,
    reference: requestId,
    ...(fieldErrors ? { fieldErrors } : {}),
  });
  if (error instanceof StaffRefusal) return answer(error.code, error.message, error.fieldErrors);
  if (error instanceof LoyaltyApiError) {
    if (error.status === 429)
      return answer("unavailable", "The loyalty service is busy. Wait a minute, then try again.");
    if (error.status >= 500 || error.code.startsWith("DEVELOPER_")) {
      logger.error({ action, requestId, status: error.status, code: error.code }, "the service refused the console");
      return answer("unavailable", "The loyalty service is not available at the moment. Try again in a few minutes.");
    }
    return answer("refused", `The loyalty service refused: ${error.body.businessMessage}`);
  }
  if (
    error instanceof LoyaltyUnavailableError ||
    error instanceof LoyaltyContractError ||
    error instanceof LoyaltyTokenError
  ) {
    logger.warn({ action, requestId, err: error }, "the loyalty service could not be used by the console");
    return answer(
      "unavailable",
      "The loyalty service did not answer. The change may or may not have been made: check before trying again.",
    );
  }
  logger.error({ action, requestId, actor, err: error }, "staff action failed");
  return answer("failed", `Something went wrong. Quote reference ${requestId} to support.`);
}

/** What the audit row says about a failure: codes, never a stack or a secret. */
function describeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof StaffRefusal) return { kind: "refused", message: error.message };
  if (error instanceof LoyaltyApiError)
    return { kind: "service", status: error.status, code: error.code, children: error.childErrors.map((c) => c.code) };
  if (error instanceof LoyaltyUnavailableError) return { kind: "unavailable" };
  if (error instanceof LoyaltyContractError) return { kind: "contract", status: error.status };
  return { kind: "unexpected", name: error instanceof Error ? error.name : typeof error };
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
