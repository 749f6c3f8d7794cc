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
  local<T>(change: (tx: Database) => Promise<{ result: T; audit: AuditSubject }>, as?: AuditAction): Promise<T>;
  /**
   * Like `local`, but the change may find nothing to do (a request someone
   * else decided first): then it answers `undefined` and nothing is recorded.
   */
  localIf<T>(
    change: (tx: Database) => Promise<{ result: T; audit: AuditSubject } | undefined>,
    as?: AuditAction,
  ): Promise<T | undefined>;
  /** The action repeats one already recorded (the same form sent twice): it succeeds without a row of its own. */
  replayed(): void;
  /**
   * A change made by another party (the service, the saga's calls): one row
   * before the call (`attempted`, with what is about to change) and one after
   * it (`succeeded`, or `failed` / `unknown` with why), with one request id.
   */
  remote<T>(
    audit: AuditSubject,
    call: () => Promise<{ result: T; after?: unknown }>,
    /** A follow-on action of another name (the credit an approval performs): its own rows, not the action's one. */
    as?: AuditAction,
  ): Promise<T>;
  /**
   * A change for another party refused before its call was made (an approved
   * refund whose order can no longer be refunded): one `failed` row with why,
   * and no `attempted` row, since nothing was sent. A failure to record it is
   * logged; the refusal stands either way.
   */
  notSent(audit: AuditSubject, error: unknown, as?: AuditAction): Promise<void>;
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
  reasonCode?: string | undefined;
  requestId: string;
}): Promise<Audit<StaffAuditContext>> {
  const { staff, action, reason, reasonCode, requestId } = opened;
  const db = await getPortalDatabase();
  const ip = await customerIp();
  const actor: AuditActor = { username: staff.username, role: staff.role, ip, requestId };
  let succeeded = 0;
  let replay = false;
  const record = (
    target: Database,
    outcome: "succeeded" | "attempted" | "failed" | "unknown",
    audit: AuditSubject,
    as: AuditAction = action,
  ) =>
    appendAuditEvent(target, actor, {
      action: as,
      outcome,
      ...(reason === undefined ? {} : { reason }),
      ...(reasonCode === undefined ? {} : { reasonCode }),
      ...audit,
    });

  /** A change's `failed` or `unknown` row, with why; one that cannot be written is logged, the change's error stands. */
  const recordFailure = (audit: AuditSubject, error: unknown, as: AuditAction) =>
    record(
      db,
      isUnknownOutcome(error) ? "unknown" : "failed",
      { ...audit, after: { error: describeFailure(error) } },
      as,
    ).then(
      () => undefined,
      (failure: unknown) =>
        logger.error({ err: failure, requestId }, "the outcome of a staff action could not be audited"),
    );

  return {
    context: {
      ip,
      db,
      local: (change, as) =>
        db.transaction(async (tx) => {
          const { result, audit } = await change(tx);
          await record(tx, "succeeded", audit, as);
          succeeded += 1;
          return result;
        }),
      localIf: (change, as) =>
        db.transaction(async (tx) => {
          const changed = await change(tx);
          if (changed === undefined) return undefined;
          await record(tx, "succeeded", changed.audit, as);
          succeeded += 1;
          return changed.result;
        }),
      replayed: () => {
        replay = true;
      },
      remote: async (audit, call, as = action) => {
        await record(db, "attempted", audit, as);
        let answer: Awaited<ReturnType<typeof call>>;
        try {
          answer = await call();
        } catch (error) {
          await recordFailure(audit, error, as);
          throw error;
        }
        await record(db, "succeeded", { ...audit, after: answer.after ?? audit.after }, as);
        if (as === action) succeeded += 1;
        return answer.result;
      },
      notSent: (audit, error, as = action) => recordFailure(audit, error, as),
    },
    settle: () => {
      if (replay && succeeded === 0) return;
      if (succeeded !== 1) throw new Error(`${action} recorded ${succeeded} audit rows instead of one`);
    },
  };
}
