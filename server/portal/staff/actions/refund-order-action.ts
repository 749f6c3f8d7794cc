"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { refundOrderSchema } from "@/lib/portal/staff/staff-forms";
import { reasonCodeLabels } from "../find-reason-codes";
import { refundedByAnother } from "../cancelled-by-another";
import { recordStaffAdjustment } from "../record-staff-adjustment";
import { orderFacts, planOrderRefund, refundOrder } from "../refund-order";
import { staffAction } from "../staff-action";
import { readStaffControls } from "../staff-controls";

/**
 * ADMIN: refunds a completed order within the reversal window through the
 * saga (cancelOrder as staff, with the reason), audited before the saga's
 * calls and after them. A refund of more cash than the approval threshold
 * is stored as a request (`order.refund_requested`) that another
 * administrator approves; the form's key makes a double submission one.
 */
export const refundOrderAction = staffAction(
  { action: "order.refunded", permission: "order.refund", input: refundOrderSchema, reasonRequired: true },
  async ({ input, staff, reason, reasonCode, db, remote, localIf, replayed }) => {
    const now = new Date();
    const { order, audit } = await planOrderRefund(input.membershipNumber, input.orderId);
    const controls = await readStaffControls(db);
    revalidatePath(`/staff/members/${input.membershipNumber}`, "layout");
    if (order.cashMinor > controls.refundApprovalCashMinor) {
      const adjustment = {
        kind: "order_refund" as const,
        formKey: input.formKey,
        membershipNumber: input.membershipNumber,
        orderId: order.id,
        cashMinor: order.cashMinor,
        currency: order.currency,
        points: order.points,
        reasonCode: reasonCode!,
        ...(reason ? { reason } : {}),
        expiresAt: new Date(now.getTime() + controls.approvalExpiryMinutes * 60_000),
      };
      const stored = await localIf(async (tx) => {
        const { adjustment: request, created } = await recordStaffAdjustment(tx, staff, adjustment, now);
        if (!created) return undefined;
        return { result: request, audit: { ...audit, after: { requestId: request.id, expiresAt: request.expiresAt } } };
      }, "order.refund_requested");
      if (!stored) replayed();
      revalidatePath("/staff/approvals");
      return { requested: true as const, state: order.state, status: order.status };
    }
    const labels = await reasonCodeLabels(db);
    const timelineReason = reason ?? labels[reasonCode!] ?? reasonCode!;
    const refunded = await remote(audit, async () => {
      const result = await refundOrder(input.orderId, staff.username, timelineReason);
      // The saga answers an order the member (or someone else) cancelled meanwhile as it stands: not this refund.
      const another = await refundedByAnother(db, input.orderId, staff.username);
      if (another) throw another;
      return { result, after: orderFacts(result) };
    });
    return { requested: false as const, state: refunded.state, status: refunded.status };
  },
);
