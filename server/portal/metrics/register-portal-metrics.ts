import "server-only";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { gaugeMetric, registerScrapeCollector } from "@/server/observability/metrics";
import { readCheckoutOrders } from "./read-checkout-orders";

/**
 * The portal's metrics in this process (instrumentation.ts): the checkout's
 * orders by state and its oldest unfinished order, read from the database
 * at every scrape, so every instance reports the same shared orders.
 */
export function registerPortalMetrics(): void {
  const byState = gaugeMetric({
    name: "checkout_orders",
    help: "Checkout orders in the portal's database, by state.",
    labelNames: ["state"] as const,
  });
  const oldestUnfinished = gaugeMetric({
    name: "checkout_oldest_unfinished_order_age_seconds",
    help: "Age of the oldest order still to be settled by the checkout or its recovery worker (0 when none).",
  });
  registerScrapeCollector({
    name: "checkout-orders",
    reads: "database",
    gauges: [byState, oldestUnfinished],
    collect: async () => {
      const found = await readCheckoutOrders(await getPortalDatabase());
      for (const [state, orders] of Object.entries(found.byState)) byState.set({ state }, orders);
      const oldest = found.oldestUnfinishedAt;
      oldestUnfinished.set(oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);
    },
  });
}
