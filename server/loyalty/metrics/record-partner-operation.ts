import "server-only";
import type { Counter, Histogram } from "prom-client";
import type { Partner } from "@/server/loyalty/partners/partner-tables";
import { counterMetric, histogramMetric } from "@/server/observability/metrics";
import { partnerLabel } from "./partner-label";

/** Seconds: from a cached read (a few milliseconds) to a request near its timeouts. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let operationsMetric: Counter<"operation" | "status" | "partner"> | undefined;
let latencyMetric: Histogram<"operation" | "status_class" | "partner"> | undefined;

// Looked up once per bundle: the partner API's hot path records every request.
const operations = () =>
  (operationsMetric ??= counterMetric({
    name: "partner_operations_total",
    help: "Partner API requests answered, by operation, HTTP status and partner (sandboxes as one).",
    labelNames: ["operation", "status", "partner"] as const,
  }));

// By status class rather than status: a histogram multiplies its label sets by its buckets.
const latency = () =>
  (latencyMetric ??= histogramMetric({
    name: "partner_operation_duration_seconds",
    help: "Time to answer a partner API request, by operation, status class (2xx, 4xx, 5xx) and partner.",
    labelNames: ["operation", "status_class", "partner"] as const,
    buckets: latencyBuckets,
  }));

/** Counts one answered partner request and its time (partner-operation.ts, as the answer leaves the gateway). */
export function recordPartnerOperation(answer: {
  operation: string;
  status: number;
  partner: Pick<Partner, "partnerIdentifier" | "developerSandbox"> | undefined;
  durationMs: number;
}): void {
  const partner = partnerLabel(answer.partner);
  operations().inc({ operation: answer.operation, status: String(answer.status), partner });
  latency().observe(
    { operation: answer.operation, status_class: `${Math.floor(answer.status / 100)}xx`, partner },
    answer.durationMs / 1000,
  );
}

/** Makes the operation metrics, so a scrape shows them before the first request. */
export function registerPartnerOperationMetrics(): void {
  operations();
  latency();
}
