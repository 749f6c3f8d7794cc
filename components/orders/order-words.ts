import type { OrderTimelineEntry, OrderView } from "@/lib/checkout/checkout-contract";
import { isUnfinished, type OrderState } from "@/lib/checkout/order-states";

/**
 * Whether the member's page asks again: while the saga is still working
 * through the order. A cancellation under way already reads "Cancelled"
 * (the outcome panel says the refund is on its way), so it is not waited on.
 */
export function isSettling(state: OrderState): boolean {
  return state !== "cancelling" && isUnfinished(state);
}

export type StatusTone = "success" | "pending" | "returned" | "attention" | "neutral";

/** The colour of a status, beside its words (never instead of them). */
export function statusTone(state: OrderState): StatusTone {
  switch (state) {
    case "completed":
      return "success";
    case "points_returned":
      return "returned";
    case "needs_attention":
      return "attention";
    case "cancelled":
    case "declined":
      return "neutral";
    default:
      return "pending";
  }
}

/** The step that failed the payment, or else the card charge's last call on the timeline. */
function chargeEntry(order: Pick<OrderView, "timeline">): OrderTimelineEntry | undefined {
  return (
    order.timeline.findLast((entry) => entry.step === "payment_failed" && entry.call) ??
    order.timeline.findLast((entry) => entry.call && /charge/i.test(entry.call.operation))
  );
}

/** Whether the card payment failed on this order (declined, refused, the processor's error, a failed capture). */
export function paymentFailed(order: Pick<OrderView, "timeline">): boolean {
  return order.timeline.some((entry) => entry.step === "payment_failed" || entry.step === "capture_failed");
}

/** Whether a completed order was cancelled afterwards (by the member or staff): refunded and reversed. */
export function wasCancelledAfterCompletion(order: Pick<OrderView, "timeline">): boolean {
  return order.timeline.some((entry) => entry.step === "cancelling");
}

/**
 * The first sentence of a failed payment: a card the processor declined
 * (402: declined, insufficient funds) is "declined"; its own error is not
 * the card's fault and is said so.
 */
export function paymentFailureSentence(order: Pick<OrderView, "timeline">): string {
  if (order.timeline.some((entry) => entry.step === "capture_failed"))
    return "Your bank accepted your card but the payment could not be taken.";
  const status = chargeEntry(order)?.call?.status;
  if (status === 402) return "Your card was declined.";
  return "Your card payment did not go through.";
}

/** What a timeline step is called for the member: what happened, never the saga's state name. */
export function stepLabel(entry: Pick<OrderTimelineEntry, "step" | "call">): string {
  const operation = entry.call?.operation ?? "";
  switch (entry.step) {
    case "priced":
      return "Order placed";
    case "card_authorised":
      return "Card accepted";
    case "points_debited":
      return "Points used";
    case "capturing":
    case "payment_pending":
      return "Charging your card";
    case "completed":
      return /capture|charge/.test(operation) ? "Card charged" : "Order complete";
    case "capture_failed":
    case "payment_failed":
      return "Card payment failed";
    case "debit_refused":
      return "Points not used";
    case "reversing":
      return operation === "void" ? "Card payment released" : "Returning your points";
    case "points_returned":
    case "points_reversed":
      return "Points returned";
    case "card_refunded":
      return "Card refunded";
    case "cancelling":
      return "Cancellation asked";
    case "cancelled":
      return "Order cancelled";
    case "declined":
      return "Card declined";
    case "needs_attention":
      return "Our team is looking at this order";
    default:
      return "Update";
  }
}

/** A step's sentence without the identifiers in brackets (they go under "Technical details"). */
export function memberSentence(description: string): string {
  return description.replace(/\s*\((?:transaction|charge|refund)\b[^)]*\)/g, "");
}

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

/** "Visa ending 4242". */
export function cardWords(card: { brand: string; last4: string }): string {
  return `${brandNames[card.brand] ?? "Card"} ending ${card.last4}`;
}
