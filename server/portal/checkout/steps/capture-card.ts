import "server-only";
import { orderMessage } from "@/lib/checkout/timeline-message";
import { formatMoney } from "@/lib/shop/price-choices";
import type { StepCall } from "../record-order-step";
import { moveOn, needsAttention, wait, type SagaRun, type StepResult } from "../saga-run";
import { cardName } from "./card-request";
import { callProcessor, lookUpByKey } from "./processor-call";

function captured(run: SagaRun, chargeId: string | null, call: StepCall | undefined): Promise<StepResult> {
  const { order } = run;
  return moveOn(run, {
    to: "completed",
    step: "completed",
    description: `${formatMoney(order.cashMinor, order.currency)} charged to ${cardName(order)}`,
    message: orderMessage("cardCharged", order),
    call,
    changes: { chargeId },
  });
}

/** Nothing was taken: the hold (if any) is released and the points (if any) go back. */
function notTaken(run: SagaRun, why: string, call: StepCall | undefined): Promise<StepResult> {
  return moveOn(run, {
    to: "voiding",
    step: "capture_failed",
    description: `The card payment could not be taken from ${cardName(run.order)}; ${why}.`,
    message: orderMessage("paymentNotTaken", run.order),
    call,
  });
}

/**
 * An order in `capturing` that holds no authorisation asked for its card
 * payment in one charge under its charge key (the portal's migration 0011
 * moved such orders here). Nothing is sent: the processor's record under
 * the key decides. None found proves nothing was charged only once no
 * request could still arrive: a sender holds the order's lease and its
 * request ends within the settle time, so the order waits that long after
 * its last change.
 */
async function settleByChargeKey(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  const lookup = await lookUpByKey(run, "charge-lookup", "charge lookup", (onAnswer) =>
    deps.payments.findChargeByIdempotencyKey(order.chargeKey, { onAnswer }),
  );
  if (lookup.kind === "unavailable") return wait("the processor could not be asked about the card payment");
  if (lookup.kind === "found") {
    const charge = lookup.found;
    if (charge.status === "captured") return captured(run, charge.id, lookup.call);
    return notTaken(
      run,
      `nothing was charged (charge ${charge.id}: ${charge.failure_code ?? charge.status})`,
      lookup.call,
    );
  }
  const quietSince = order.updatedAt.getTime() + deps.settings.leaseMs + deps.settings.debitSettleMs;
  if (deps.now().getTime() < quietSince) return wait("a card payment sent under the order's key could still arrive");
  return notTaken(run, "nothing was charged", undefined);
}

/**
 * The step of `capturing` (stored before the call): take the held amount
 * under the order's capture key. Captured → completed. A capture the
 * processor refuses took nothing, so the hold is voided and the points (if
 * any) go back (`voiding`). An unknown outcome waits: the same key sent
 * again answers the first outcome, never a second capture. Undone, within a
 * cancellation, by refundCard (refund-card.ts; the pair is declared in
 * checkout-steps.ts).
 */
export async function captureCard(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  const { authorisationId, captureKey } = order;
  if (!authorisationId) return settleByChargeKey(run);
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
  return notTaken(run, "nothing was charged", call);
}
