import { randomUUID } from "node:crypto";
import { orderKeys } from "@/server/portal/checkout/order-keys";
import type { NewOrderRow } from "@/server/portal/checkout/order-store";
import { shopperNumber } from "./checkout-harness";

/** A new order row of demo.member1 for London to Madrid (9,000 points and £90.00), as the saga stores one; `fields` on top. */
export function newOrderRow(fields: Pick<NewOrderRow, "state"> & Partial<NewOrderRow>): NewOrderRow {
  const id = fields.id ?? randomUUID();
  const now = new Date();
  return {
    id,
    checkoutKey: randomUUID(),
    membershipNumber: shopperNumber,
    programme: "NORTHSTAR",
    quoteId: randomUUID(),
    optionId: "0",
    productId: "FLIGHT-LHR-MAD",
    productName: "London to Madrid",
    points: 9_000,
    cashMinor: 9_000,
    currency: "GBP",
    ...orderKeys(id),
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}
