import "server-only";
import type { AuditAction } from "@/lib/portal/staff/audit-actions";
import type { AuditSubject } from "./append-audit-event";
import type { StaffAdjustment } from "./record-staff-adjustment";
import { cancelledByAnother } from "./cancelled-by-another";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
import { orderFacts, planOrderRefund, refundOrder } from "./refund-order";
import { performStaffAdjustment, settleStaffAdjustment } from "./settle-staff-adjustment";
import type { StaffAuditContext } from "./staff-action-audit";
import type { StaffSession } from "./staff-session";

/**
 * Performs an approved refund request: the saga's refund as the approving
 * administrator, with the request's reason on the order's timeline, audited
 * around the saga's calls (as `order.refunded`), then the request's outcome.
 * An order no longer refundable when checked (cancelled, past its window) is
 * not sent: the request fails in words, and one `failed` `order.refunded`
 * row carries them. The order's own states let it be refunded once, whoever
 * asks again.
 * Sent again (`again`, a request whose outcome was unknown), an order the
 * first attempt already put in motion (cancelling or cancelled) is answered
 * as it stands rather than refused: the saga does not refund it twice. The
 * saga answers anyone's cancellation so, though: one this request did not
 * ask for (the member's own, another refund) fails the request in words
 * instead of reading as performed.
 */
export async function performRequestedRefund(
  context: { staff: StaffSession } & Pick<StaffAuditContext, "db" | "remote" | "notSent">,
  request: StaffAdjustment,
  timelineReason: string,
  as: AuditAction = "order.refunded",
  options: { again?: boolean } = {},
) {
  const { staff, db, remote, notSent } = context;
  const requestReason = { reasonCode: request.reasonCode, ...(request.reason ? { reason: request.reason } : {}) };
  const plan = options.again ? planRefundAgain : planOrderRefund;
  const { audit } = await plan(request.membershipNumber, request.orderId!).catch(async (error: unknown) => {
    // Refunded meanwhile, or past its window: the approved request failed, and says why; so does the trail, which
    // would otherwise show the approval alone, as if the refund had followed.
    await settleStaffAdjustment(db, request.id, { error }, new Date());
    await notSent({ ...(await refusedOrder(request)), ...requestReason }, error, as);
    throw error;
  });
  const subject: AuditSubject = { ...audit, ...requestReason };
  return remote(
    subject,
    async () => {
      const refunded = await performStaffAdjustment(
        db,
        request.id,
        async () => {
          const order = await refundOrder(request.orderId!, staff.username, timelineReason);
          const another = await cancelledByAnother(db, request, staff.username);
          if (another) throw another;
          return order;
        },
        orderFacts,
      );
      return {
        result: refunded,
        after: { ...orderFacts(refunded), requestedBy: request.requestedBy, approvedBy: request.decidedBy },
      };
    },
    as,
  );
}

/**
 * The audit subject of a refund refused before it was sent: the order as the
 * refusal found it, when it can be read (the refusal is what the approver is
 * answered, whether or not it can).
 */
async function refusedOrder(request: StaffAdjustment): Promise<AuditSubject> {
  const order = await findMemberOrder(request.membershipNumber, request.orderId!, {}, "staff").catch(() => null);
  return {
    targetType: "order",
    targetId: request.orderId!,
    membershipNumber: request.membershipNumber,
    ...(order ? { before: orderFacts(order) } : {}),
  };
}

/**
 * A refund sent again: an order already cancelling or cancelled may be the
 * first attempt's, so it goes on to the saga, which answers it as it stands
 * (whose cancellation it was is checked on the saga's answer).
 */
async function planRefundAgain(membershipNumber: string, orderId: string): ReturnType<typeof planOrderRefund> {
  const order = await findMemberOrder(membershipNumber, orderId, {}, "staff");
  if (order && (order.state === "cancelling" || order.state === "cancelled")) {
    return {
      order,
      audit: { targetType: "order", targetId: order.id, membershipNumber, before: orderFacts(order) },
    };
  }
  return planOrderRefund(membershipNumber, orderId);
}
