import type { DebitRequest } from "@/lib/contract/debit-currency";
import { compactOrderNumber, formatOrderNumber } from "../order-number";
import type { OrderRow } from "../order-store";

/**
 * What P5's `description` says on the member's statement, so the debit can
 * be found again in P3: the order number and the first 8 characters of the
 * order's id (a portal database reset starts numbering again), in the
 * letters, digits and `#` the field allows.
 */
export function debitDescription(order: Pick<OrderRow, "id" | "programme" | "number" | "createdAt">): string {
  return `Shop#${compactOrderNumber(order)}#${order.id.slice(0, 8)}`;
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
