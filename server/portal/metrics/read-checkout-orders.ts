import { count, min } from "drizzle-orm";
import { isUnfinished, orderStates, type OrderState } from "@/lib/checkout/order-states";
import type { Database } from "@/server/portal/db/portal-database";
import { orders } from "@/server/portal/db/schema";

export interface CheckoutOrders {
  /** Orders in each state, every state named (0 when none). */
  byState: Record<OrderState, number>;
  /** When the oldest order the saga or its recovery worker still has to settle was placed; undefined when none. */
  oldestUnfinishedAt: Date | undefined;
}

/** The checkout's orders by state, in one query (a count per state, and each state's oldest order). */
export async function readCheckoutOrders(db: Database): Promise<CheckoutOrders> {
  const rows = await db
    .select({ state: orders.state, orders: count(), oldest: min(orders.createdAt) })
    .from(orders)
    .groupBy(orders.state);
  const byState = Object.fromEntries(orderStates.map((state) => [state, 0])) as Record<OrderState, number>;
  let oldestUnfinishedAt: Date | undefined;
  for (const row of rows) {
    // Only the states the contract names become label values.
    if (!(orderStates as readonly string[]).includes(row.state)) continue;
    byState[row.state as OrderState] = Number(row.orders);
    const oldest = row.oldest === null ? undefined : new Date(row.oldest);
    if (isUnfinished(row.state) && oldest && (!oldestUnfinishedAt || oldest < oldestUnfinishedAt))
      oldestUnfinishedAt = oldest;
  }
  return { byState, oldestUnfinishedAt };
}
