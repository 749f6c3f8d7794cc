import "server-only";
import { env } from "@/server/config/env";
import { startPollingLoop, type PollingLoop } from "@/server/workers/polling-loop";
import { runOnce, type RunOnceReport } from "./run-once";

/** Stops the loop after the pass under way, if any. */
export type RecoveryWorker = PollingLoop;

export interface RecoveryWorkerOptions {
  /** One pass (tests pass their own): the signal aborts when the worker stops; `beat` says the pass still moves. */
  pass?: (signal: AbortSignal, beat: () => void) => Promise<RunOnceReport>;
  intervalMs?: number;
}

/**
 * Starts the checkout's recovery loop once per process (instrumentation.ts
 * calls it in the Node runtime): a pass every CHECKOUT_WORKER_INTERVAL_MS
 * after the previous one ended, so passes never overlap; timers never keep
 * the process alive. Stopping it lets the order under way finish its step
 * and gives it back. CHECKOUT_WORKER=off starts nothing.
 */
export function startRecoveryWorker(options: RecoveryWorkerOptions = {}): RecoveryWorker | undefined {
  const config = env();
  if (config.CHECKOUT_WORKER === "off") return undefined;
  const pass = options.pass ?? ((signal: AbortSignal, beat: () => void) => runOnce({ signal, onProgress: beat }));
  return startPollingLoop({
    name: "checkout-worker",
    intervalMs: options.intervalMs ?? config.CHECKOUT_WORKER_INTERVAL_MS,
    pass: (signal, beat) => pass(signal, beat),
    describe: (report) => (report.claimed > 0 ? { ...report } : undefined),
    settings: { leaseMs: config.CHECKOUT_WORKER_LEASE_MS },
  });
}
