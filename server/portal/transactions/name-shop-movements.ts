import "server-only";
import { and, eq, inArray, or } from "drizzle-orm";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import type { TransactionRow } from "@/lib/portal/transaction-rows";
import { formatOrderNumber } from "@/server/portal/checkout/order-number";
import { getPortalDatabase, type Database } from "@/server/portal/db/portal-database";
import { orders } from "@/server/portal/db/schema";
import { productNamesIn } from "@/server/portal/shop/shop-products";

/**
 * Names the shop's movements in a page of the member's history: a debit
 * the checkout made, or the reversal that gave its points back, is matched
 * to its order by the service's transaction identifier (kept on the order),
 * so the member reads the product and the order instead of the reference
 * the spec's fields allow ("Shop#NS2026000003#…", "PAYMENT-FAILED"),
 * in the reader's language (the product's name as the shop words it).
 */
export async function nameShopMovements(
  membershipNumber: string,
  rows: TransactionRow[],
  database?: Database,
  locale: Locale = defaultLocale,
): Promise<TransactionRow[]> {
  const identifiers = rows.map((row) => row.identifier);
  if (identifiers.length === 0) return rows;
  const db = database ?? (await getPortalDatabase());
  const found = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.membershipNumber, membershipNumber),
        or(inArray(orders.debitTransactionId, identifiers), inArray(orders.reversalTransactionId, identifiers)),
      ),
    );
  const names = await productNamesIn(
    db,
    found.map((order) => order.productId),
    locale,
  );
  return rows.map((row) => {
    const order = found.find((candidate) =>
      row.kind === "debit"
        ? candidate.debitTransactionId === row.identifier
        : candidate.reversalTransactionId === row.identifier,
    );
    if (!order) return row;
    return {
      ...row,
      order: {
        id: order.id,
        orderNumber: formatOrderNumber(order),
        productName: names.get(order.productId) ?? order.productName,
        movement: row.kind === "debit" ? "points_used" : "points_returned",
        ...(row.kind === "credit" && order.debitedAt ? { debitedAt: order.debitedAt.toISOString() } : {}),
      },
    };
  });
}
