"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { refundOrderSchema } from "@/lib/portal/staff/staff-forms";
import { orderFacts, planOrderRefund, refundOrder } from "../refund-order";
import { staffAction } from "../staff-action";

/**
 * ADMIN: refunds a completed order within the reversal window through the
 * saga (cancelOrder as staff, with the reason); audited before the saga's
 * calls and after them.
 */
export const refundOrderAction = staffAction(
  { action: "order.refunded", permission: "order.refund", input: refundOrderSchema, reasonRequired: true },
  async ({ input, staff, reason, remote }) => {
    const { audit } = await planOrderRefund(input.membershipNumber, input.orderId);
    const order = await remote(audit, async () => {
      const refunded = await refundOrder(input.orderId, staff.username, reason!);
      return { result: refunded, after: orderFacts(refunded) };
    });
    revalidatePath(`/staff/members/${input.membershipNumber}`, "layout");
    return { state: order.state, status: order.status };
  },
);
