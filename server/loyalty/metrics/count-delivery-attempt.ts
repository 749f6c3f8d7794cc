import "server-only";
import type { AttemptResult } from "@/server/loyalty/events/delivery/record-attempt";
import { counterMetric } from "@/server/observability/metrics";

const attempts = () =>
  counterMetric({
    name: "webhook_delivery_attempts_total",
    help: "Webhook posts this process made, by result (delivered, retry, failed, endpoint-disabled, lease-lost) and the partner's status class (none: no answer).",
    labelNames: ["result", "status_class"] as const,
  });

/** Counts one post and what came of it (deliver-due.ts, once the attempt is recorded). */
export function countDeliveryAttempt(result: AttemptResult, status: number | undefined): void {
  attempts().inc({ result, status_class: status === undefined ? "none" : `${Math.floor(status / 100)}xx` });
}

/** Makes the counter, so a scrape shows it before the first post. */
export function registerDeliveryAttemptMetrics(): void {
  attempts();
}
