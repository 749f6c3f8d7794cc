import "server-only";
import type { Database } from "@/server/db/connect";
import { gaugeMetric, registerScrapeCollector } from "@/server/observability/metrics";
import { registerDeliveryAttemptMetrics } from "./count-delivery-attempt";
import { registerPartnerOperationMetrics } from "./record-partner-operation";
import { readWebhookQueue } from "./read-webhook-queue";

/**
 * The loyalty service's metrics in this process (instrumentation.ts, when
 * the service runs here): its counters, and the webhook queue read from the
 * database at every scrape.
 */
export function registerServiceMetrics(database: () => Promise<Database>): void {
  registerPartnerOperationMetrics();
  registerDeliveryAttemptMetrics();
  const deliveries = gaugeMetric({
    name: "webhook_queue_deliveries",
    help: "Pending webhook deliveries, by state: in_flight (being posted), due (waiting for a free post), scheduled (a later retry), paused (endpoint turned off).",
    labelNames: ["state"] as const,
  });
  const oldestDue = gaugeMetric({
    name: "webhook_oldest_due_delivery_age_seconds",
    help: "How long the longest-waiting due webhook delivery has waited since it fell due (0 when none waits).",
  });
  registerScrapeCollector({
    name: "webhook-queue",
    reads: "database",
    gauges: [deliveries, oldestDue],
    collect: async () => {
      const now = new Date();
      const queue = await readWebhookQueue(await database(), now);
      deliveries.set({ state: "in_flight" }, queue.inFlight);
      deliveries.set({ state: "due" }, queue.due);
      deliveries.set({ state: "scheduled" }, queue.scheduled);
      deliveries.set({ state: "paused" }, queue.paused);
      oldestDue.set(queue.oldestDueAt ? Math.max(0, (now.getTime() - queue.oldestDueAt.getTime()) / 1000) : 0);
    },
  });
}
