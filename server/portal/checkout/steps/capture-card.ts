import "server-only";
import { PaymentsApiError } from "@/lib/payments-client/errors";
import { formatMoney } from "@/lib/shop/price-choices";
import {
  answered,
  callRecorder,
  moved,
  needsAttention,
  record,
  wait,
  type SagaRun,
  type StepResult,
} from "../saga-run";
import { cardName } from "./charge-card";

/**
 * Step of `capturing` (stored before the call): take the held amount under
 * the order's capture key. Captured → completed. A capture the processor
 * refuses took nothing, so the hold is voided and the points (if any) go
 * back (`voiding`). An unknown outcome waits: the same key sent again
 * answers the first outcome, never a second capture.
 */
export async function captureCard(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  if (!order.authorisationId || !order.captureKey) return needsAttention(run, "the card authorisation is not known");
  const recorder = callRecorder("capture");
  let outcome;
  try {
    outcome = await deps.payments.capture(order.authorisationId, {
      idempotencyKey: order.captureKey,
      onAnswer: recorder.onAnswer,
    });
  } catch (error) {
    answered(run, "capture");
    if (!(error instanceof PaymentsApiError)) throw error;
    return needsAttention(run, `the processor refused the capture (${error.code})`, recorder.call());
  }
  answered(run, "capture");
  if (outcome.kind === "unknown") {
    deps.logger.warn({ orderId: order.id, reason: outcome.reason }, "checkout capture outcome unknown");
    return wait("the card capture's outcome is not known yet");
  }
  if (outcome.kind === "captured") {
    await record(run, {
      to: "completed",
      step: "completed",
      description: `${formatMoney(order.cashMinor, order.currency)} charged to ${cardName(order)}`,
      actor: run.actor,
      call: recorder.call(),
      changes: { chargeId: outcome.authorisation.charge },
    });
    return moved;
  }
  if (outcome.code === "authorisation_already_captured") {
    // Only this order's key captures this hold: the processor's record says what it took.
    const found = await deps.payments.findAuthorisationByIdempotencyKey(order.captureKey).catch(() => null);
    if (found?.status === "captured") {
      await record(run, {
        to: "completed",
        step: "completed",
        description: `${formatMoney(order.cashMinor, order.currency)} charged to ${cardName(order)}`,
        actor: run.actor,
        call: recorder.call(),
        changes: { chargeId: found.charge },
      });
      return moved;
    }
    return needsAttention(run, "the card authorisation was captured by another request", recorder.call());
  }
  await record(run, {
    to: "voiding",
    step: "capture_failed",
    description: `The card payment could not be taken from ${cardName(order)}; nothing was charged.`,
    actor: run.actor,
    call: recorder.call(),
  });
  return moved;
}
