import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { startPollingLoop, type PollingLoop } from "@/server/workers/polling-loop";
import { settleClosedDebits } from "../settle-closed-debits";
import { deliverDue } from "./deliver-due";

/** How often a worker looks for debits whose reversal window ended: points.debit_settled comes at most this late. */
const settlementIntervalMs = 10_000;

/** Stops claiming, lets the posts under way finish and be recorded, then resolves. */
export type DeliveryWorker = PollingLoop;

/**
 * Starts the webhook delivery loop once per process (instrumentation.ts
 * calls it; so does the standalone worker script): a pass (deliverDue)
 * runs while anything is due or under way, with at most
 * WEBHOOK_WORKER_CONCURRENCY posts in flight, claiming again as each ends;
 * once idle, the next pass starts WEBHOOK_WORKER_INTERVAL_MS later. At
 * most every 10 seconds a pass first settles the debits whose reversal
 * window has ended (settleClosedDebits), so their events go out in the same
 * pass. WEBHOOK_WORKER=off starts nothing.
 */
export function startDeliveryWorker(
  database: () => Promise<Database>,
  options: { intervalMs?: number; keepAlive?: boolean } = {},
): DeliveryWorker | undefined {
  const config = env();
  if (config.WEBHOOK_WORKER === "off") return undefined;
  const intervalMs = options.intervalMs ?? config.WEBHOOK_WORKER_INTERVAL_MS;
  let lastSettlement = 0;
  return startPollingLoop({
    name: "webhook-worker",
    intervalMs,
    keepAlive: options.keepAlive,
    pass: async (signal, beat) => {
      const db = await database();
      if (Date.now() - lastSettlement >= settlementIntervalMs) {
        lastSettlement = Date.now();
        await settleClosedDebits(db, new Date());
      }
      return deliverDue(db, () => new Date(), { signal, intervalMs, onProgress: beat });
    },
    describe: (report) => (report.claimed > 0 ? { ...report } : undefined),
    settings: {
      leaseMs: config.WEBHOOK_WORKER_LEASE_MS,
      concurrency: config.WEBHOOK_WORKER_CONCURRENCY,
      partnerInFlight: config.WEBHOOK_PARTNER_IN_FLIGHT,
      endpointInFlight: config.WEBHOOK_ENDPOINT_IN_FLIGHT,
    },
  });
}
