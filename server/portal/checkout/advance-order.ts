import "server-only";
import { orderMessage } from "@/lib/checkout/timeline-message";
import { isUnfinished, type UnfinishedState } from "@/lib/checkout/order-states";
import { checkoutSteps, stepOrder, type SagaAction } from "./checkout-steps";
import { reversalDeadline } from "./reversal-deadline";
import { moveOn, needsAttention, type SagaRun, type StepResult } from "./saga-run";

export type AdvanceOutcome = { kind: "settled" } | { kind: "wait"; reason: string; retryAfterMs?: number };

const { authorise, debit, capture } = checkoutSteps;

/**
 * Takes the first step from `stepOrder[from]` on that the order's price
 * calls for: stored first as its own state when it has one (capturing),
 * else sent at once. With no step left the order is complete (all points:
 * nothing to charge).
 */
async function takeNextStep(run: SagaRun, from: number): Promise<StepResult> {
  const next = stepOrder.slice(from).find((name) => checkoutSteps[name].takes(run.order));
  if (next === undefined) {
    return moveOn(run, {
      to: "completed",
      step: "completed",
      description: "Paid in points; nothing to charge to a card",
      message: orderMessage("paidInPoints", run.order),
    });
  }
  const step = checkoutSteps[next];
  if ("storedBefore" in step) {
    const { state, description, code } = step.storedBefore;
    return moveOn(run, { to: state, step: state, description, message: orderMessage(code, run.order) });
  }
  return step.run(run);
}

/**
 * cancelling: a completed order's steps undone, the points first (only they
 * have a window), then the card refunded. Its hold was captured, so there is
 * none to void. Each compensation is an event; then the order is cancelled.
 */
async function undoCompletedOrder(run: SagaRun): Promise<StepResult> {
  const { order } = run;
  if (debit.takes(order) && !order.reversalTransactionId) return debit.compensate(run);
  if (capture.takes(order) && !order.refundId) return capture.compensate(run);
  const undone = [order.refundId ? "card refunded" : null, order.reversalTransactionId ? "points returned" : null];
  return moveOn(run, {
    to: "cancelled",
    step: "cancelled",
    description: `Order cancelled: ${undone.filter(Boolean).join(" and ")}`,
    message: orderMessage(
      order.refundId && order.reversalTransactionId
        ? "cancelledRefundedReturned"
        : order.refundId
          ? "cancelledRefunded"
          : "cancelledReturned",
      order,
    ),
  });
}

/**
 * What each unfinished state does next. Forward, the state names the steps
 * taken so far: the next one the price calls for is taken. Backward, the
 * state names the compensation under way.
 */
const byState: Record<UnfinishedState, SagaAction> = {
  priced: (run) => takeNextStep(run, stepOrder.indexOf("authorise")),
  card_authorised: (run) => takeNextStep(run, stepOrder.indexOf("debit")),
  points_debited: (run) => takeNextStep(run, stepOrder.indexOf("capture")),
  capturing: capture.run,
  voiding: authorise.compensate,
  reversing: debit.compensate,
  cancelling: undoCompletedOrder,
};

/**
 * Drives an order from its stored state until it is settled (completed,
 * points returned, cancelled, needing attention) or a step's outcome is not
 * known yet. Every step's state is stored before its remote call, and
 * every call is keyed by the order, so this can start again from any state:
 * a worker that is stopping (its run's signal aborted) takes no further
 * step and leaves the order due at once, for another instance or the next
 * start.
 */
export async function advanceOrder(run: SagaRun): Promise<AdvanceOutcome> {
  // Each step moves the order on or stops: ten moves are more than any path has.
  for (let move = 0; move < 10; move += 1) {
    const state = run.order.state;
    if (!isUnfinished(state)) return { kind: "settled" };
    if (run.signal?.aborted) return { kind: "wait", reason: "the worker is stopping", retryAfterMs: 0 };
    if (run.deps.now() >= reversalDeadline(run.order, run.deps.settings)) {
      await needsAttention(run, "it could not be settled while the points could still be returned automatically");
      return { kind: "settled" };
    }
    const result = await byState[state](run);
    if (result.kind === "wait") return result;
  }
  throw new Error(`order ${run.order.id} made no progress`);
}
