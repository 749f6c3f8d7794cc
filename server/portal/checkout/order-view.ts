import "server-only";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import type { CheckoutSettings } from "./checkout-deps";
import { formatOrderNumber } from "./order-number";
import { memberStatus, type OrderState } from "@/lib/checkout/order-states";
import { timelineFor, type OrderAudience } from "./member-timeline";
import type { OrderEventRow, OrderRow } from "./order-store";
import { reversalDeadline } from "./reversal-deadline";
import { demoShopProducts } from "@/lib/shop/demo-shop";
import type { ShopItem } from "@/lib/shop/shop-catalogue";

const day = 86_400_000;
let catalogue: ReturnType<typeof demoShopProducts> | undefined;

/** The flights of the order's product, dated from the day it was priced (sandbox flights depart N days after). */
function journeyOf(order: OrderRow): OrderView["journey"] {
  catalogue ??= demoShopProducts();
  const product = catalogue.find((candidate) => candidate.id === order.productId);
  if (!product) return [];
  const items: ShopItem[] = product.kind === "PACKAGE" ? product.components : [product];
  return items.flatMap((item) =>
    item.kind === "FLIGHT"
      ? item.flight.legs.map((leg) => ({
          outbound: leg.outbound,
          flightNumber: `${leg.carrier} ${leg.flightNumber}`,
          from: leg.departure,
          to: leg.arrival,
          departs: new Date(order.createdAt.getTime() + leg.departsInDays * day).toISOString().slice(0, 10),
        }))
      : [],
  );
}

/**
 * The order as members and staff read it: no keys, no tokens, the card as
 * brand and last four digits; for its member, no staff name, note or reason.
 */
export function toOrderView(
  order: OrderRow,
  events: OrderEventRow[],
  settings: CheckoutSettings,
  now: Date,
  audience: OrderAudience,
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
    journey: journeyOf(order),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    cancellableUntil: state === "completed" && now < until ? until.toISOString() : null,
    timeline: timelineFor(events, order.programme, audience),
  };
}
