import "server-only";
import { env } from "@/server/config/env";
import { logger } from "@/server/observability/logger";
import { runOnce, type RunOnceReport } from "./run-once";

export interface RecoveryWorker {
  /** Stops the loop after the pass under way, if any. */
  stop(): Promise<void>;
}

export interface RecoveryWorkerOptions {
  /** One pass (tests pass their own). */
  pass?: () => Promise<RunOnceReport>;
  intervalMs?: number;
}

// On globalThis, so hot reload or a second import in one process never starts a second loop.
const workerKey = Symbol.for("loyalty-platform.checkout.recovery-worker");
const holder = globalThis as { [workerKey]?: RecoveryWorker };

/**
 * Starts the checkout's recovery loop once per process (instrumentation.ts
 * calls it in the Node runtime): a pass every CHECKOUT_WORKER_INTERVAL_MS
 * after the previous one ended, so passes never overlap; timers are unref'd
 * and never keep the process alive. CHECKOUT_WORKER=off starts nothing.
 */
export function startRecoveryWorker(options: RecoveryWorkerOptions = {}): RecoveryWorker | undefined {
  const config = env();
  if (config.CHECKOUT_WORKER === "off") return undefined;
  const running = holder[workerKey];
  if (running) return running;

  const log = logger.child({ component: "checkout-worker" });
  const pass = options.pass ?? (() => runOnce());
  const intervalMs = options.intervalMs ?? config.CHECKOUT_WORKER_INTERVAL_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> = Promise.resolve();

  const schedule = () => {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  };
  function tick() {
    current = pass()
      .then((report) => {
        if (report.claimed > 0) log.info(report, "checkout recovery pass");
      })
      .catch((error: unknown) => log.error({ err: error }, "checkout recovery pass failed"))
      .finally(() => {
        if (!stopped) schedule();
      });
  }

  const worker: RecoveryWorker = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      if (holder[workerKey] === worker) delete holder[workerKey];
    },
  };
  holder[workerKey] = worker;
  schedule();
  log.info({ intervalMs, leaseMs: config.CHECKOUT_WORKER_LEASE_MS }, "checkout recovery worker started");
  return worker;
}
