import "server-only";
import { cardBrandName } from "@/lib/checkout/card-brand";
import type { ChargeCurrency } from "@/lib/payments-contract/contract";
import { formatOrderNumber } from "../order-number";
import type { OrderRow } from "../order-store";

/**
 * The body of the order's charge or authorisation, from what the order
 * stores: a retry under the same key sends the same request.
 */
export function cardRequest(order: OrderRow) {
  return {
    token: order.cardToken ?? "",
    amount: order.cashMinor,
    currency: order.currency as ChargeCurrency,
    description: order.productName,
    merchant_reference: formatOrderNumber(order),
  };
}

/** The card as the timeline names it ("Visa card ending 4242"), never its number. */
export const cardName = (order: OrderRow) =>
  order.cardBrand && order.cardLast4
    ? `${cardBrandName(order.cardBrand) ?? "The"} card ending ${order.cardLast4}`
    : "the card";
