import "server-only";
import { formatMoney } from "@/lib/shop/price-choices";
import type { StepCall } from "../record-order-step";
import { moveOn, needsAttention, wait, type SagaRun, type StepResult } from "../saga-run";
import { cardName } from "./card-request";
import { callProcessor } from "./processor-call";

function captured(run: SagaRun, chargeId: string | null, call: StepCall): Promise<StepResult> {
  const { order } = run;
  return moveOn(run, {
    to: "completed",
    step: "completed",
    description: `${formatMoney(order.cashMinor, order.currency)} charged to ${cardName(order)}`,
    call,
    changes: { chargeId },
  });
}

/**
 * Step of `capturing` (stored before the call): take the held amount under
 * the order's capture key. Captured → completed. A capture the processor
 * refuses took nothing, so the hold is voided and the points (if any) go
 * back (`voiding`). An unknown outcome waits: the same key sent again
 * answers the first outcome, never a second capture.
 */
export async function captureCard(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  const { authorisationId, captureKey } = order;
  if (!authorisationId || !captureKey) return needsAttention(run, "the card authorisation is not known");
  const answer = await callProcessor(run, "capture", (onAnswer) =>
    deps.payments.capture(authorisationId, { idempotencyKey: captureKey, onAnswer }),
  );
  if (answer.kind === "refused")
    return needsAttention(run, `the processor refused the capture (${answer.error.code})`, answer.call);
  const { outcome, call } = answer;
  if (outcome.kind === "unknown") {
    deps.logger.warn({ orderId: order.id, reason: outcome.reason }, "checkout capture outcome unknown");
    return wait("the card capture's outcome is not known yet");
  }
  if (outcome.kind === "captured") return captured(run, outcome.authorisation.charge, call);
  if (outcome.code === "authorisation_already_captured") {
    // Only this order's key captures this hold: the processor's record says what it took.
    const found = await deps.payments.findAuthorisationByIdempotencyKey(captureKey).catch(() => null);
    if (found?.status === "captured") return captured(run, found.charge, call);
    return needsAttention(run, "the card authorisation was captured by another request", call);
  }
  return moveOn(run, {
    to: "voiding",
    step: "capture_failed",
    description: `The card payment could not be taken from ${cardName(order)}; nothing was charged.`,
    call,
  });
}
