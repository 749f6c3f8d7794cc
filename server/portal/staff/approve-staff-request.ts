import "server-only";
import type { AuditSubject } from "./append-audit-event";
import { claimStaffRequest, undecidableRequest, type RequestDecision } from "./decide-staff-request";
import { performApprovedAdjustment, type ApprovedAdjustmentPerformed } from "./perform-approved-adjustment";
import type { StaffAdjustment } from "./record-staff-adjustment";
import type { StaffAuditContext } from "./staff-action-audit";
import type { StaffSession } from "./staff-session";

export type RequestDecided =
  { decision: "reject"; kind: StaffAdjustment["kind"] } | ({ decision: "approve" } & ApprovedAdjustmentPerformed);

/** The decision's audit row: the request it decided, with the request's own reason and code. */
function decisionAudit(request: StaffAdjustment, note: string | undefined): AuditSubject {
  return {
    ...(request.kind === "goodwill_credit"
      ? { targetType: "member", targetId: request.membershipNumber }
      : { targetType: "order", targetId: request.orderId! }),
    membershipNumber: request.membershipNumber,
    reasonCode: request.reasonCode,
    ...(request.reason ? { reason: request.reason } : {}),
    before: { status: "pending", requestedBy: request.requestedBy },
    after: {
      status: request.status,
      requestId: request.id,
      ...(request.points !== null && request.kind === "goodwill_credit" ? { points: request.points } : {}),
      ...(request.cashMinor !== null ? { cashMinor: request.cashMinor, currency: request.currency } : {}),
      ...(note ? { note } : {}),
    },
  };
}

/**
 * A second administrator's decision: the request is taken in the database
 * (claimStaffRequest), and the decision recorded in that transaction; an
 * approval then performs the action once, as the approver, under the
 * request's idempotency key. A request already decided, expired, or the
 * decider's own is refused in words.
 */
export async function decideStaffRequest(
  context: Pick<StaffAuditContext, "db" | "localIf" | "remote" | "notSent"> & { staff: StaffSession },
  input: { requestId: string; note?: string | undefined },
  decision: RequestDecision,
): Promise<RequestDecided> {
  const { staff, db, localIf, remote, notSent } = context;
  const now = new Date();
  const decided = await localIf(async (tx) => {
    const claimed = await claimStaffRequest(tx, staff.username, input.requestId, decision, input.note, now);
    return claimed ? { result: claimed, audit: decisionAudit(claimed, input.note) } : undefined;
  });
  if (!decided) throw await undecidableRequest(db, staff.username, input.requestId, now);
  if (decision === "reject") return { decision, kind: decided.kind };
  const performed = await performApprovedAdjustment({ staff, db, remote, notSent }, decided);
  return { decision, ...performed };
}
