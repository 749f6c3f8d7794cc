import type { CheckoutSettings } from "./checkout-deps";
import type { OrderRow } from "./order-store";

/**
 * The last moment the saga itself may return an order's points: the
 * reversal window's end, counted from the debit (from the order when there
 * is none), less the margin. A completed order may be cancelled until then;
 * an order still unsettled then needs attention, while staff can still
 * return the points by hand.
 */
export function reversalDeadline(order: Pick<OrderRow, "debitedAt" | "createdAt">, settings: CheckoutSettings): Date {
  const from = (order.debitedAt ?? order.createdAt).getTime();
  return new Date(from + settings.reversalWindowMs - settings.reversalMarginMs);
}
