import "server-only";
import { formatPoints } from "@/lib/i18n/format";
import { isUnfinished, type UnfinishedState } from "@/lib/checkout/order-states";
import { reversalDeadline } from "./reversal-deadline";
import { moveOn, needsAttention, type SagaRun, type StepResult } from "./saga-run";
import { authoriseCard } from "./steps/authorise-card";
import { captureCard } from "./steps/capture-card";
import { chargeCard } from "./steps/charge-card";
import { debitPoints } from "./steps/debit-points";
import { refundCard } from "./steps/refund-card";
import { reversePoints } from "./steps/reverse-points";
import { voidCard } from "./steps/void-card";

export type AdvanceOutcome = { kind: "settled" } | { kind: "wait"; reason: string; retryAfterMs?: number };

/** Placed since issue 29 (the processor's authorisation keys are set): the card is held before any point moves. */
const authorisesFirst = (run: SagaRun) => run.order.authoriseKey !== null && run.order.cashMinor > 0;

/** Stores `capturing` before the capture is sent. */
async function toCapture(run: SagaRun): Promise<StepResult> {
  return moveOn(run, {
    to: "capturing",
    step: "capturing",
    description: "Charging the card",
  });
}

/** card_authorised: the points are debited next; with none, the hold is captured. */
async function afterAuthorisation(run: SagaRun): Promise<StepResult> {
  if (run.order.points > 0) return debitPoints(run);
  return toCapture(run);
}

/** points_debited: nothing to charge completes the order; otherwise the charge is recorded as pending first. */
async function afterDebit(run: SagaRun): Promise<StepResult> {
  if (authorisesFirst(run)) return toCapture(run);
  if (run.order.cashMinor === 0) {
    return moveOn(run, {
      to: "completed",
      step: "completed",
      description: "Paid in points; nothing to charge to a card",
    });
  }
  return moveOn(run, {
    to: "payment_pending",
    step: "payment_pending",
    description: "Charging the card",
  });
}

/**
 * priced: a card part is authorised first (orders since issue 29); an
 * all-points order is debited; an older order with points is debited first
 * and a cash-only one goes straight to its one-step charge.
 */
async function fromPriced(run: SagaRun): Promise<StepResult> {
  if (authorisesFirst(run)) return authoriseCard(run);
  if (run.order.points > 0) return debitPoints(run);
  return moveOn(run, {
    to: "payment_pending",
    step: "payment_pending",
    description: "Charging the card",
  });
}

/** payment_failed: points taken go back; with none taken the order simply ends. */
async function afterFailedPayment(run: SagaRun): Promise<StepResult> {
  if (run.order.debitTransactionId) {
    return moveOn(run, {
      to: "reversing",
      step: "reversing",
      description: `Returning ${formatPoints(run.order.points)} points`,
    });
  }
  return moveOn(run, {
    to: "cancelled",
    step: "cancelled",
    description: "Nothing was debited or charged",
  });
}

/** cancelling: points back first (only they have a window), then the card refunded, then cancelled. */
async function cancelSteps(run: SagaRun): Promise<StepResult> {
  const { order } = run;
  if (order.points > 0 && !order.reversalTransactionId) return reversePoints(run, "ORDER-CANCELLED");
  if (order.cashMinor > 0 && !order.refundId) return refundCard(run);
  const undone = [order.refundId ? "card refunded" : null, order.reversalTransactionId ? "points returned" : null];
  return moveOn(run, {
    to: "cancelled",
    step: "cancelled",
    description: `Order cancelled: ${undone.filter(Boolean).join(" and ")}`,
  });
}

const steps: Record<UnfinishedState, (run: SagaRun) => Promise<StepResult>> = {
  priced: fromPriced,
  card_authorised: afterAuthorisation,
  points_debited: afterDebit,
  capturing: captureCard,
  voiding: voidCard,
  payment_pending: chargeCard,
  payment_failed: afterFailedPayment,
  reversing: (run) => reversePoints(run, "PAYMENT-FAILED", "points_returned"),
  cancelling: cancelSteps,
};

/**
 * Drives an order from its stored state until it is settled (completed,
 * points returned, cancelled, needing attention) or a step's outcome is not
 * known yet. Every step's state is stored before its remote call, and
 * every call is keyed by the order, so this can start again from any state.
 */
export async function advanceOrder(run: SagaRun): Promise<AdvanceOutcome> {
  // Each step moves the order on or stops: ten moves are more than any path has.
  for (let move = 0; move < 10; move += 1) {
    const state = run.order.state;
    if (!isUnfinished(state)) return { kind: "settled" };
    if (run.deps.now() >= reversalDeadline(run.order, run.deps.settings)) {
      await needsAttention(run, "it could not be settled while the points could still be returned automatically");
      return { kind: "settled" };
    }
    const result = await steps[state](run);
    if (result.kind === "wait") return result;
  }
  throw new Error(`order ${run.order.id} made no progress`);
}
