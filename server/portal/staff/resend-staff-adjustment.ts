import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAdjustments } from "@/server/portal/db/schema";
import type { AuditSubject } from "./append-audit-event";
import { performApprovedAdjustment, type ApprovedAdjustmentPerformed } from "./perform-approved-adjustment";
import type { StaffAdjustment } from "./record-staff-adjustment";
import type { StaffAuditContext } from "./staff-action-audit";
import { StaffRefusal } from "./staff-refusal";
import type { StaffSession } from "./staff-session";

export type AdjustmentResent = ApprovedAdjustmentPerformed;

/**
 * Takes an adjustment whose outcome is unknown for one more attempt, in the
 * database: the UPDATE marks it `approved` again only while it is `unknown`,
 * so of two clicks or two administrators at once exactly one gets the row
 * back. The approval (requester, approver) is kept as it was.
 */
export async function claimUnknownAdjustment(tx: Database, id: string): Promise<StaffAdjustment | undefined> {
  const [claimed] = await tx
    .update(staffAdjustments)
    .set({ status: "approved" })
    .where(and(eq(staffAdjustments.id, id), eq(staffAdjustments.status, "unknown")))
    .returning();
  return claimed;
}

/** Why an adjustment cannot be sent again, in words (a refusal to throw). */
export async function unresendableAdjustment(db: Database, id: string, now: Date): Promise<StaffRefusal> {
  const [adjustment] = await db.select().from(staffAdjustments).where(eq(staffAdjustments.id, id)).limit(1);
  if (!adjustment) return new StaffRefusal("There is no such request.");
  if (adjustment.status === "pending" && adjustment.expiresAt !== null && adjustment.expiresAt <= now)
    return new StaffRefusal("This request has expired. Nothing was done; it can be made again.");
  switch (adjustment.status) {
    case "performed":
      return new StaffRefusal("This was already carried out: there is nothing to send again.");
    case "failed":
      return new StaffRefusal(
        "This one failed with a clear answer, so sending it again would only get the same answer. Make a new one if it is still needed.",
      );
    case "approved":
      return new StaffRefusal(
        "This is being sent at the moment. Wait a minute, then reload the page to see how it went.",
      );
    case "pending":
      return new StaffRefusal("This request has not been approved yet: nothing has been sent.");
    case "unknown":
      // Another resend took it and ended without an answer again between the two reads.
      return new StaffRefusal(
        "Someone sent this again just now, still without an answer. Reload the page to try again.",
      );
    default:
      return new StaffRefusal("This request was rejected or expired: nothing was sent, and nothing can be sent again.");
  }
}

/** The resend's own audit row: which adjustment, from which status, with its reason and code. */
function resendAudit(adjustment: StaffAdjustment): AuditSubject {
  return {
    ...(adjustment.kind === "goodwill_credit"
      ? { targetType: "member", targetId: adjustment.membershipNumber }
      : { targetType: "order", targetId: adjustment.orderId! }),
    membershipNumber: adjustment.membershipNumber,
    reasonCode: adjustment.reasonCode,
    ...(adjustment.reason ? { reason: adjustment.reason } : {}),
    before: { status: "unknown", requestedBy: adjustment.requestedBy, approvedBy: adjustment.decidedBy },
    after: {
      status: adjustment.status,
      requestId: adjustment.id,
      ...(adjustment.points !== null && adjustment.kind === "goodwill_credit" ? { points: adjustment.points } : {}),
      ...(adjustment.cashMinor !== null ? { cashMinor: adjustment.cashMinor, currency: adjustment.currency } : {}),
    },
  };
}

/**
 * "Send again" for an adjustment whose outcome is unknown (the service, or
 * the processor, did not answer): taken in the database
 * (claimUnknownAdjustment) with its own audit row, then performed exactly as
 * the approval did, as the administrator who sends it, under the same
 * idempotency key (P4's `goodwill-<form key>` with the same body; a refund
 * through the order's own saga). If the first attempt reached the service,
 * the service replays its answer: nothing moves twice. The adjustment ends
 * `performed`, `failed` or `unknown` again. Only `unknown` is sent again: a
 * `failed` one got a definite answer, which the same key would only repeat.
 */
export async function resendStaffAdjustment(
  context: Pick<StaffAuditContext, "db" | "localIf" | "remote" | "notSent"> & { staff: StaffSession },
  input: { requestId: string },
): Promise<AdjustmentResent> {
  const { staff, db, localIf, remote, notSent } = context;
  const claimed = await localIf(async (tx) => {
    const adjustment = await claimUnknownAdjustment(tx, input.requestId);
    return adjustment ? { result: adjustment, audit: resendAudit(adjustment) } : undefined;
  });
  if (!claimed) throw await unresendableAdjustment(db, input.requestId, new Date());
  return performApprovedAdjustment({ staff, db, remote, notSent }, claimed, { again: true });
}
