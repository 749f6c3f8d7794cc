import "server-only";
import type { OrderTimelineEntry, OrderView } from "@/lib/checkout/checkout-contract";
import type { CheckoutSettings } from "./checkout-deps";
import { formatOrderNumber } from "./order-number";
import { memberStatus, type OrderState } from "@/lib/checkout/order-states";
import type { OrderEventRow, OrderRow } from "./order-store";
import { reversalDeadline } from "./reversal-deadline";

function timelineEntry(event: OrderEventRow): OrderTimelineEntry {
  return {
    at: event.at.toISOString(),
    step: event.step,
    description: event.description,
    ...(event.operation
      ? { call: { operation: event.operation, status: event.httpStatus, requestId: event.requestId } }
      : {}),
  };
}

/** The order as members and staff read it: no keys, no tokens, the card as brand and last four digits. */
export function toOrderView(
  order: OrderRow,
  events: OrderEventRow[],
  settings: CheckoutSettings,
  now: Date,
): OrderView {
  const state = order.state as OrderState;
  const until = reversalDeadline(order, settings);
  return {
    id: order.id,
    orderNumber: formatOrderNumber(order),
    membershipNumber: order.membershipNumber,
    productId: order.productId,
    productName: order.productName,
    state,
    status: memberStatus[state],
    points: order.points,
    cashMinor: order.cashMinor,
    currency: order.currency,
    debitTransactionId: order.debitTransactionId,
    card: order.cardBrand && order.cardLast4 ? { brand: order.cardBrand, last4: order.cardLast4 } : null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    cancellableUntil: state === "completed" && now < until ? until.toISOString() : null,
    timeline: events.map(timelineEntry),
  };
}
