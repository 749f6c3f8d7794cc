import "server-only";
import { cancelOrder } from "@/server/portal/checkout/cancel-order";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
import type { AuditSubject } from "./append-audit-event";
import { StaffRefusal } from "./staff-refusal";

/** What an order looked like, for the audit trail. */
export function orderFacts(order: OrderView) {
  return {
    orderNumber: order.orderNumber,
    state: order.state,
    points: order.points,
    cashMinor: order.cashMinor,
    currency: order.currency,
  };
}

/** The member's order to refund, and the audit row's subject; a completed order within the window only. */
export async function planOrderRefund(
  membershipNumber: string,
  orderId: string,
): Promise<{ order: OrderView; audit: AuditSubject }> {
  const order = await findMemberOrder(membershipNumber, orderId, {}, "staff");
  if (!order) throw new StaffRefusal("There is no such order for this member.");
  if (!order.cancellableUntil) {
    throw new StaffRefusal(
      order.state === "completed"
        ? "This order can no longer be refunded: the time to return its points has passed."
        : `Only a completed order can be refunded; this one is ${order.status.toLowerCase()}.`,
    );
  }
  return {
    order,
    audit: {
      targetType: "order",
      targetId: order.id,
      membershipNumber,
      before: orderFacts(order),
    },
  };
}

/**
 * The refund itself, by the checkout's saga (cancelOrder as staff): the
 * points reversed (P6) and the card refunded, each on the order's timeline
 * with the staff member's name and reason.
 */
export async function refundOrder(orderId: string, username: string, reason: string): Promise<OrderView> {
  const result = await cancelOrder({ orderId, actor: { kind: "staff", username, reason } });
  if (result.kind === "refused") throw new StaffRefusal(result.message);
  return result.order;
}
