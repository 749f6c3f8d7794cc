import type { useTranslations } from "next-intl";
import type { OrderTimelineEntry, OrderView } from "@/lib/checkout/checkout-contract";
import { cardBrandName } from "@/lib/checkout/card-brand";
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

/** Whether the card payment failed on this order (declined, refused, the processor's error, a failed capture). */
export function paymentFailed(order: Pick<OrderView, "timeline">): boolean {
  return order.timeline.some((entry) => entry.step === "capture_failed");
}

/** Whether a completed order was cancelled afterwards (by the member or staff): refunded and reversed. */
export function wasCancelledAfterCompletion(order: Pick<OrderView, "timeline">): boolean {
  return order.timeline.some((entry) => entry.step === "cancelling");
}

/** The orders' words in the page's language (messages' `orders` namespace). */
export type OrdersTranslator = ReturnType<typeof useTranslations<"orders">>;

/**
 * The first sentence of a failed payment. A capture the processor refused
 * follows a hold the bank accepted; a payment the processor declined (402:
 * declined, insufficient funds) is "declined"; its own error is not the
 * card's fault and is said so.
 */
export function paymentFailureSentence(order: Pick<OrderView, "timeline">, t: OrdersTranslator): string {
  const failed = order.timeline.findLast((entry) => entry.step === "capture_failed");
  if (failed?.call?.operation === "capture") return t("failure.notTaken");
  if (failed?.call?.status === 402) return t("failure.declined");
  return t("failure.didNotGoThrough");
}

/** What a timeline step is called for the member: what happened, never the saga's state name. */
export function stepLabel(entry: Pick<OrderTimelineEntry, "step" | "call">, t: OrdersTranslator): string {
  const operation = entry.call?.operation ?? "";
  switch (entry.step) {
    case "priced":
      return t("steps.placed");
    case "card_authorised":
      return t("steps.cardAccepted");
    case "points_debited":
      return t("steps.pointsUsed");
    case "capturing":
      return t("steps.charging");
    case "completed":
      return /capture|charge/.test(operation) ? t("steps.cardCharged") : t("steps.complete");
    case "capture_failed":
      return t("steps.paymentFailed");
    case "debit_refused":
      return t("steps.pointsNotUsed");
    case "reversing":
      return operation === "void" ? t("steps.paymentReleased") : t("steps.returningPoints");
    case "points_returned":
    case "points_reversed":
      return t("steps.pointsReturned");
    case "card_refunded":
      return t("steps.cardRefunded");
    case "cancelling":
      return t("steps.cancellationAsked");
    case "cancelled":
      return t("steps.cancelled");
    case "declined":
      return t("steps.declined");
    case "needs_attention":
      return t("steps.attention");
    default:
      return t("steps.update");
  }
}

/** A step's sentence without the identifiers in brackets (they go under "Technical details"). */
export function memberSentence(description: string): string {
  return description.replace(/\s*\((?:transaction|charge|refund)\b[^)]*\)/g, "");
}

/** "Visa ending 4242". */
export function cardWords(card: { brand: string; last4: string }, t: OrdersTranslator): string {
  return t("card", { brand: cardBrandName(card.brand) ?? t("cardBrandUnknown"), last4: card.last4 });
}
