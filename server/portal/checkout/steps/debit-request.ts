import type { DebitRequest } from "@/lib/contract/debit-currency";
import { compactOrderNumber, formatOrderNumber } from "../order-number";
import type { OrderRow } from "../order-store";

/** What P5's `description` says on the member's statement: letters, digits and `#` only, so it can be found again. */
export function debitDescription(order: OrderRow): string {
  return `Shop#${compactOrderNumber(order)}`;
}

/** The product's name in the characters `externalReferenceDescription` allows. */
function referenceDescription(productName: string): string {
  const cleaned = productName
    .replace(/[^A-Za-z0-9 ~!@#$%^&.,'/()_-]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100)
    .trim();
  return cleaned === "" ? "Shop order" : cleaned;
}

/**
 * The P5 body, built only from what the order stores, so every replay sends
 * the same body under the same Idempotency-Key (the service compares them).
 */
export function debitRequest(order: OrderRow): DebitRequest {
  return {
    debitTransaction: {
      externalTransactionDate: order.createdAt.toISOString(),
      monetaryAmount: { amount: String(order.points), currency: { currencyCode: "POINTS" } },
      description: debitDescription(order),
      externalTransactionIdentifier: order.debitExternalId,
      externalReferenceIdentifier: formatOrderNumber(order),
      externalReferenceDescription: referenceDescription(order.productName),
      externalPartnerIdentifier: "WEB",
      type: "REDEMPTION",
    },
  };
}
