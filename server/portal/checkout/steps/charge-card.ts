import "server-only";
import type { Charge } from "@/lib/payments-contract/contract";
import { formatMoney } from "@/lib/shop/price-choices";
import type { StepCall } from "../record-order-step";
import { moveOn, needsAttention, wait, type SagaRun, type StepResult } from "../saga-run";
import { cardName, cardRequest } from "./card-request";
import { callProcessor, lookUpByKey } from "./processor-call";

const lookUpCharge = (run: SagaRun) =>
  lookUpByKey(run, "charge-lookup", "charge lookup", (onAnswer) =>
    run.deps.payments.findChargeByIdempotencyKey(run.order.chargeKey, { onAnswer }),
  );

/** Moves the order on by what the processor recorded under its key. */
function settleBy(run: SagaRun, charge: Charge, call: StepCall): Promise<StepResult> {
  const { order } = run;
  if (charge.status === "captured") {
    return moveOn(run, {
      to: "completed",
      step: "completed",
      description: `${formatMoney(order.cashMinor, order.currency)} charged to ${cardName(order)} (charge ${charge.id})`,
      call,
      changes: { chargeId: charge.id },
    });
  }
  return paymentFailed(
    run,
    `the card payment did not go through (${charge.failure_code ?? charge.status})`,
    call,
    charge.id,
  );
}

function paymentFailed(run: SagaRun, why: string, call: StepCall, chargeId?: string): Promise<StepResult> {
  return moveOn(run, {
    to: "payment_failed",
    step: "payment_failed",
    description: `No money was taken: ${why}.`,
    call,
    changes: chargeId ? { chargeId } : undefined,
  });
}

/**
 * Step of `payment_pending` for orders placed before the card was
 * authorised first (stored before the charge is sent): the card charged
 * under the order's key. The worker first asks the processor what the key
 * already did; only when nothing was made under it does it send the charge
 * (the same key, so a request still in flight cannot make a second). An
 * unknown outcome is never guessed: during the member's request it is left
 * to the worker, which asks the processor after a grace period (the member
 * sees "Confirming payment"); the worker itself looks it up at once.
 */
export async function chargeCard(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  if (run.mode === "worker") {
    const lookup = await lookUpCharge(run);
    if (lookup.kind === "found") return settleBy(run, lookup.found, lookup.call);
    if (lookup.kind === "unavailable") return wait("the processor could not be asked about the charge");
  }
  if (!order.cardToken)
    return paymentFailed(run, "no card was given", { operation: "charge", status: null, requestId: null });
  const answer = await callProcessor(run, "charge", (onAnswer) =>
    deps.payments.charge(cardRequest(order), { idempotencyKey: order.chargeKey, onAnswer }),
  );
  if (answer.kind === "refused") {
    // 422: something else was charged under this key; anything else was refused before money moved.
    if (answer.error.status === 422)
      return needsAttention(run, "the card payment's key was used for another request", answer.call);
    return paymentFailed(run, "the card payment was refused", answer.call);
  }
  const { outcome, call } = answer;
  switch (outcome.kind) {
    case "captured":
      return settleBy(run, outcome.charge, call);
    case "declined":
    case "failed":
      return paymentFailed(run, outcome.message.replace(/\.$/, "").toLowerCase(), call, outcome.chargeId);
    case "unknown": {
      deps.logger.warn({ orderId: order.id, reason: outcome.reason }, "checkout charge outcome unknown");
      if (run.mode === "member")
        return wait("the card payment's outcome is not known yet", deps.settings.unknownChargeGraceMs);
      const lookup = await lookUpCharge(run);
      if (lookup.kind === "found") return settleBy(run, lookup.found, lookup.call);
      return wait("the card payment's outcome is not known yet");
    }
  }
}
