import "server-only";
import { advanceOrder, type AdvanceOutcome } from "./advance-order";
import { SimulatedCrash } from "./fault-switch";
import { releaseOrder } from "./order-store";
import { OrderLeaseLost } from "./record-order-step";
import type { SagaRun } from "./saga-run";
import { withSpan } from "@/server/observability/tracing";

const second = 1_000;
/** The longest the worker waits between two tries of one order. */
const maxBackoffMs = 5 * 60 * second;

/** When to try an order again that is still waiting: soon after the member's request, then backing off. */
export function nextAttemptAt(run: SagaRun, now: Date, retryAfterMs?: number): Date {
  if (retryAfterMs !== undefined) return new Date(now.getTime() + retryAfterMs);
  if (run.mode === "member") return now;
  const delay = Math.min(2 ** Math.min(run.order.attempts, 20) * second, maxBackoffMs);
  return new Date(now.getTime() + delay);
}

export type DriveOutcome = AdvanceOutcome | { kind: "lost" };

/**
 * Advances an order the caller has leased, then gives the lease back with
 * the time of the next try. A simulated crash leaves the lease held, as a
 * dead process would (it lapses after its time); a lease lost to another
 * claimant means the order is theirs now; any other failure is logged and
 * the order tried again later.
 */
export function driveOrder(run: SagaRun): Promise<DriveOutcome> {
  return withSpan("checkout drive", () => driveLeasedOrder(run), { attributes: { "checkout.mode": run.mode } });
}

async function driveLeasedOrder(run: SagaRun): Promise<DriveOutcome> {
  const { deps } = run;
  let outcome: AdvanceOutcome;
  try {
    outcome = await advanceOrder(run);
  } catch (error) {
    if (error instanceof SimulatedCrash) throw error;
    if (error instanceof OrderLeaseLost) return { kind: "lost" };
    deps.logger.error({ orderId: run.order.id, state: run.order.state, err: error }, "checkout step failed");
    outcome = { kind: "wait", reason: "a step failed unexpectedly" };
  }
  const retryAfterMs = outcome.kind === "wait" ? outcome.retryAfterMs : undefined;
  await releaseOrder(deps.db, run.order.id, run.leaseToken, nextAttemptAt(run, deps.now(), retryAfterMs));
  return outcome;
}
