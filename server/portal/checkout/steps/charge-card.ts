import "server-only";
import type { Charge, ChargeCurrency } from "@/lib/payments-client/contract";
import { PaymentsApiError } from "@/lib/payments-client/errors";
import { formatMoney } from "@/lib/shop/price-choices";
import { SimulatedCrash } from "../fault-switch";
import { formatOrderNumber } from "../order-number";
import type { OrderRow } from "../order-store";
import type { StepCall } from "../record-order-step";
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

/** The charge's body, from what the order stores: a retry under the same key sends the same request. */
export function chargeRequest(order: OrderRow) {
  return {
    token: order.cardToken ?? "",
    amount: order.cashMinor,
    currency: order.currency as ChargeCurrency,
    description: order.productName,
    merchant_reference: formatOrderNumber(order),
  };
}

export const cardName = (order: OrderRow) =>
  order.cardBrand && order.cardLast4 ? `${order.cardBrand} card ending ${order.cardLast4}` : "the card";

type Lookup = { kind: "found"; charge: Charge; call: StepCall } | { kind: "none" } | { kind: "unavailable" };

/** The charge under the order's key, whatever became of it: the processor's record, never a guess. */
async function lookUpCharge(run: SagaRun): Promise<Lookup> {
  const recorder = callRecorder("charge lookup");
  try {
    const charge = await run.deps.payments.findChargeByIdempotencyKey(run.order.chargeKey, {
      onAnswer: recorder.onAnswer,
    });
    answered(run, "charge-lookup");
    return charge ? { kind: "found", charge, call: recorder.call() } : { kind: "none" };
  } catch (error) {
    if (error instanceof SimulatedCrash) throw error;
    run.deps.logger.warn({ orderId: run.order.id, err: error }, "checkout charge lookup failed");
    return { kind: "unavailable" };
  }
}

/** Moves the order on by what the processor recorded under its key. */
async function settleBy(run: SagaRun, charge: Charge, call: StepCall): Promise<StepResult> {
  const { order } = run;
  if (charge.status === "captured") {
    await record(run, {
      to: "completed",
      step: "completed",
      description: `${formatMoney(order.cashMinor, order.currency)} charged to ${cardName(order)} (charge ${charge.id})`,
      actor: run.actor,
      call,
      changes: { chargeId: charge.id },
    });
    return moved;
  }
  return paymentFailed(
    run,
    `the card payment did not go through (${charge.failure_code ?? charge.status})`,
    call,
    charge.id,
  );
}

async function paymentFailed(run: SagaRun, why: string, call: StepCall, chargeId?: string): Promise<StepResult> {
  await record(run, {
    to: "payment_failed",
    step: "payment_failed",
    description: `No money was taken: ${why}.`,
    actor: run.actor,
    call,
    changes: chargeId ? { chargeId } : undefined,
  });
  return moved;
}

/**
 * Step of `payment_pending` (stored before the charge is sent): the card
 * charged under the order's key. The worker first asks the processor what
 * the key already did; only when nothing was made under it does it send the
 * charge (the same key, so a request still in flight cannot make a second).
 * An unknown outcome is never guessed: during the member's request it is
 * left to the worker, which asks the processor after a grace period (the
 * member sees "Confirming payment"); the worker itself looks it up at once.
 */
export async function chargeCard(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  if (run.mode === "worker") {
    const lookup = await lookUpCharge(run);
    if (lookup.kind === "found") return settleBy(run, lookup.charge, lookup.call);
    if (lookup.kind === "unavailable") return wait("the processor could not be asked about the charge");
  }
  if (!order.cardToken)
    return paymentFailed(run, "no card was given", { operation: "charge", status: null, requestId: null });
  const recorder = callRecorder("charge");
  let outcome;
  try {
    outcome = await deps.payments.charge(chargeRequest(order), {
      idempotencyKey: order.chargeKey,
      onAnswer: recorder.onAnswer,
    });
  } catch (error) {
    answered(run, "charge");
    if (!(error instanceof PaymentsApiError)) throw error;
    deps.logger.error({ orderId: order.id, code: error.code, status: error.status }, "checkout charge refused");
    // 422: something else was charged under this key; anything else was refused before money moved.
    if (error.status === 422)
      return needsAttention(run, "the card payment's key was used for another request", recorder.call());
    return paymentFailed(run, "the card payment was refused", recorder.call());
  }
  answered(run, "charge");
  switch (outcome.kind) {
    case "captured":
      return settleBy(run, outcome.charge, recorder.call());
    case "declined":
    case "failed":
      return paymentFailed(run, outcome.message.replace(/\.$/, "").toLowerCase(), recorder.call(), outcome.chargeId);
    case "unknown": {
      deps.logger.warn({ orderId: order.id, reason: outcome.reason }, "checkout charge outcome unknown");
      if (run.mode === "member")
        return wait("the card payment's outcome is not known yet", deps.settings.unknownChargeGraceMs);
      const lookup = await lookUpCharge(run);
      if (lookup.kind === "found") return settleBy(run, lookup.charge, lookup.call);
      return wait("the card payment's outcome is not known yet");
    }
  }
}
