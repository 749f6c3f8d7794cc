import "server-only";
import { checkoutDeps, type CheckoutOverrides } from "../checkout-deps";
import { driveOrder } from "../drive-order";
import type { SagaRun } from "../saga-run";
import { claimOrder } from "./claim-order";

export interface RunOnceOptions extends CheckoutOverrides {
  /** Orders to settle in this pass at most (CHECKOUT_WORKER_BATCH). */
  limit?: number;
  /** Called before each claim, so a pass of slow orders still reads as alive (readiness). */
  onProgress?: () => void;
  /**
   * Aborts when the worker stops: no order is claimed after it, and the
   * order under way is given back after the step it is taking.
   */
  signal?: AbortSignal;
}

export interface RunOnceReport {
  /** Orders this pass claimed. */
  claimed: number;
  /** Of those, driven to a state nobody works on (completed, points returned, cancelled, needs attention). */
  settled: number;
  /** Still waiting for an outcome to be known: tried again after a backoff. */
  waiting: number;
  /** Taken over by another claimant after this one's lease lapsed. */
  lost: number;
}

/**
 * One pass of the recovery worker: claims unfinished orders one at a time
 * (each with a fresh lease, so a slow order never lets the next one's lease
 * lapse) and drives each as far as it goes without the member: the debit
 * replayed with its key, an authorisation looked up, a reversal retried with
 * its key. Exported for tests; the loop calls it every interval. Once
 * `signal` aborts it claims nothing more, and the order under way is
 * released, due at once, after its current step (advance-order.ts).
 */
export async function runOnce(options: RunOnceOptions = {}): Promise<RunOnceReport> {
  const deps = await checkoutDeps(options);
  const limit = options.limit ?? deps.settings.batchSize;
  const report: RunOnceReport = { claimed: 0, settled: 0, waiting: 0, lost: 0 };
  while (report.claimed < limit && !options.signal?.aborted) {
    options.onProgress?.();
    const order = await claimOrder(deps.db, deps.now(), deps.settings.leaseMs);
    if (!order?.leaseToken) break;
    report.claimed += 1;
    const run: SagaRun = {
      deps,
      order,
      leaseToken: order.leaseToken,
      mode: "worker",
      actor: "worker",
      agentId: deps.settings.agentId,
      signal: options.signal,
    };
    const outcome = await driveOrder(run);
    if (outcome.kind === "settled") report.settled += 1;
    else if (outcome.kind === "wait") report.waiting += 1;
    else report.lost += 1;
  }
  return report;
}
