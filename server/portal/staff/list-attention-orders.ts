import "server-only";
import { asc, eq } from "drizzle-orm";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import { checkoutSettings } from "@/server/portal/checkout/checkout-deps";
import { findOrderEvents } from "@/server/portal/checkout/order-store";
import { toOrderView } from "@/server/portal/checkout/order-view";
import type { Database } from "@/server/portal/db/portal-database";
import { orders } from "@/server/portal/db/schema";

/** An order the saga could not settle by itself, with what it knows about each party. */
export interface AttentionOrder {
  order: OrderView;
  /** Why, in the saga's words. */
  reason: string | null;
  /** The other parties' references the saga holds: what staff check by hand. */
  references: {
    debitTransactionId: string | null;
    chargeId: string | null;
    reversalTransactionId: string | null;
    refundId: string | null;
  };
  attempts: number;
}

export const attentionListLimit = 100;

/**
 * The orders needing attention, oldest first (the saga's own tables, read
 * with its store and view; the contract offers no such list), each with its
 * timeline and the references to check.
 */
export async function listAttentionOrders(db: Database, now: Date = new Date()): Promise<AttentionOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.state, "needs_attention"))
    .orderBy(asc(orders.createdAt), asc(orders.number))
    .limit(attentionListLimit);
  const timelines = await findOrderEvents(
    db,
    rows.map((row) => row.id),
  );
  const settings = checkoutSettings();
  return rows.map((row) => ({
    order: toOrderView(row, timelines.get(row.id) ?? [], settings, now, "staff"),
    reason: row.attentionReason,
    references: {
      debitTransactionId: row.debitTransactionId,
      chargeId: row.chargeId,
      reversalTransactionId: row.reversalTransactionId,
      refundId: row.refundId,
    },
    attempts: row.attempts,
  }));
}
