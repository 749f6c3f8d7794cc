import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { logger } from "@/server/observability/logger";
import { deliverDue, type DeliveryPassReport } from "./deliver-due";

export interface DeliveryWorker {
  /** Stops claiming, lets the posts under way finish and be recorded, then resolves. */
  stop(): Promise<void>;
}

// On globalThis, so hot reload or a second import in one process never starts a second loop.
const workerKey = Symbol.for("loyalty-platform.events.delivery-worker");
const holder = globalThis as { [workerKey]?: DeliveryWorker };

/**
 * Starts the webhook delivery loop once per process (instrumentation.ts
 * calls it; so does the standalone worker script): a pass (deliverDue)
 * runs while anything is due or under way, with at most
 * WEBHOOK_WORKER_CONCURRENCY posts in flight, claiming again as each ends;
 * once idle, the next pass starts WEBHOOK_WORKER_INTERVAL_MS later.
 * WEBHOOK_WORKER=off starts nothing.
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
  const stopping = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> = Promise.resolve();

  const schedule = (delay: number) => {
    timer = setTimeout(tick, delay);
    if (!options.keepAlive) timer.unref();
  };
  function tick() {
    current = database()
      .then((db) => deliverDue(db, () => new Date(), { signal: stopping.signal, intervalMs }))
      .then((report: DeliveryPassReport) => {
        if (report.claimed > 0) log.info(report, "webhook delivery pass");
      })
      .catch((error: unknown) => log.error({ err: error }, "webhook delivery pass failed"))
      .finally(() => {
        if (!stopping.signal.aborted) schedule(intervalMs);
      });
  }

  const worker: DeliveryWorker = {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await current;
      if (holder[workerKey] === worker) delete holder[workerKey];
    },
  };
  holder[workerKey] = worker;
  schedule(intervalMs);
  log.info(
    {
      intervalMs,
      leaseMs: config.WEBHOOK_WORKER_LEASE_MS,
      concurrency: config.WEBHOOK_WORKER_CONCURRENCY,
      partnerInFlight: config.WEBHOOK_PARTNER_IN_FLIGHT,
      endpointInFlight: config.WEBHOOK_ENDPOINT_IN_FLIGHT,
    },
    "webhook delivery worker started",
  );
  return worker;
}
