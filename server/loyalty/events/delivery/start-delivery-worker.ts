import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { logger } from "@/server/observability/logger";
import { deliverDue, type DeliveryPassReport } from "./deliver-due";

export interface DeliveryWorker {
  /** Stops the loop after the pass under way, if any. */
  stop(): Promise<void>;
}

// On globalThis, so hot reload or a second import in one process never starts a second loop.
const workerKey = Symbol.for("loyalty-platform.events.delivery-worker");
const holder = globalThis as { [workerKey]?: DeliveryWorker };

/**
 * Starts the webhook delivery loop once per process (instrumentation.ts
 * calls it; so does the standalone worker script): a pass every
 * WEBHOOK_WORKER_INTERVAL_MS after the previous one ended, sooner when a
 * pass found a full batch. WEBHOOK_WORKER=off starts nothing.
 */
export function startDeliveryWorker(
  database: () => Promise<Database>,
  options: { intervalMs?: number; keepAlive?: boolean } = {},
): DeliveryWorker | undefined {
  const config = env();
  if (config.WEBHOOK_WORKER === "off") return undefined;
  const running = holder[workerKey];
  if (running) return running;

  const log = logger.child({ component: "webhook-worker" });
  const intervalMs = options.intervalMs ?? config.WEBHOOK_WORKER_INTERVAL_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> = Promise.resolve();

  const schedule = (delay: number) => {
    timer = setTimeout(tick, delay);
    if (!options.keepAlive) timer.unref();
  };
  function tick() {
    let full = false;
    current = database()
      .then((db) => deliverDue(db))
      .then((report: DeliveryPassReport) => {
        full = report.claimed >= config.WEBHOOK_WORKER_BATCH;
        if (report.claimed > 0) log.info(report, "webhook delivery pass");
      })
      .catch((error: unknown) => log.error({ err: error }, "webhook delivery pass failed"))
      .finally(() => {
        if (!stopped) schedule(full ? 0 : intervalMs);
      });
  }

  const worker: DeliveryWorker = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      if (holder[workerKey] === worker) delete holder[workerKey];
    },
  };
  holder[workerKey] = worker;
  schedule(intervalMs);
  log.info({ intervalMs, leaseMs: config.WEBHOOK_WORKER_LEASE_MS }, "webhook delivery worker started");
  return worker;
}
