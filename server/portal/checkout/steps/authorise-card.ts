import "server-only";
import type { Authorisation } from "@/lib/payments-client/contract";
import { PaymentsApiError } from "@/lib/payments-client/errors";
import { formatMoney } from "@/lib/shop/price-choices";
import { SimulatedCrash } from "../fault-switch";
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
import { cardName, chargeRequest } from "./charge-card";

type Lookup =
  { kind: "found"; authorisation: Authorisation; call: StepCall } | { kind: "none" } | { kind: "unavailable" };

/** The authorisation under the order's key, whatever became of it: the processor's record, never a guess. */
async function lookUpAuthorisation(run: SagaRun): Promise<Lookup> {
  const recorder = callRecorder("authorisation lookup");
  try {
    const found = await run.deps.payments.findAuthorisationByIdempotencyKey(run.order.authoriseKey ?? "", {
      onAnswer: recorder.onAnswer,
    });
    answered(run, "authorise-lookup");
    return found ? { kind: "found", authorisation: found, call: recorder.call() } : { kind: "none" };
  } catch (error) {
    if (error instanceof SimulatedCrash) throw error;
    run.deps.logger.warn({ orderId: run.order.id, err: error }, "checkout authorisation lookup failed");
    return { kind: "unavailable" };
  }
}

/** Held: the order goes on to the points (or straight to the capture when there are none). */
async function held(run: SagaRun, authorisation: Authorisation, call: StepCall): Promise<StepResult> {
  const { order } = run;
  await record(run, {
    to: "card_authorised",
    step: "card_authorised",
    description: `${formatMoney(order.cashMinor, order.currency)} held on ${cardName(order)}`,
    actor: run.actor,
    call,
    changes: { authorisationId: authorisation.id },
  });
  return moved;
}

/** Nothing held and no point moved: the attempt ends here, and the member tries another card. */
async function declined(run: SagaRun, code: string, call: StepCall): Promise<StepResult> {
  run.declined = { code };
  await record(run, {
    to: "declined",
    step: "declined",
    description: `${cardName(run.order)} was not accepted. No points were used and nothing was charged.`,
    actor: run.actor,
    call,
    changes: { memberToken: null },
  });
  return moved;
}

async function settleBy(run: SagaRun, authorisation: Authorisation, call: StepCall): Promise<StepResult> {
  if (authorisation.status === "authorised") return held(run, authorisation, call);
  if (authorisation.status === "declined" || authorisation.status === "failed")
    return declined(run, authorisation.failure_code ?? authorisation.status, call);
  // Captured, voided or lapsed before the order took a step: not a state this order can be in by itself.
  return needsAttention(run, `the card's authorisation was found ${authorisation.status}`, call);
}

/**
 * Step of `priced` for an order with a card part (stored before the call):
 * hold the cash part on the card under the order's key, before any point
 * moves. The worker first asks the processor what the key did (the timeout
 * card's answer is lost, its hold real) and authorises only when nothing
 * was made under it; the member's request leaves an unknown outcome to the
 * worker after a grace period.
 */
export async function authoriseCard(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  if (run.mode === "worker") {
    const lookup = await lookUpAuthorisation(run);
    if (lookup.kind === "found") return settleBy(run, lookup.authorisation, lookup.call);
    if (lookup.kind === "unavailable") return wait("the processor could not be asked about the authorisation");
  }
  if (!order.cardToken || !order.authoriseKey)
    return declined(run, "card_missing", { operation: "authorise", status: null, requestId: null });
  const recorder = callRecorder("authorise");
  let outcome;
  try {
    outcome = await deps.payments.authorise(chargeRequest(order), {
      idempotencyKey: order.authoriseKey,
      onAnswer: recorder.onAnswer,
    });
  } catch (error) {
    answered(run, "authorise");
    if (!(error instanceof PaymentsApiError)) throw error;
    deps.logger.error({ orderId: order.id, code: error.code, status: error.status }, "checkout authorisation refused");
    if (error.status === 422)
      return needsAttention(run, "the card authorisation's key was used for another request", recorder.call());
    return declined(run, error.code, recorder.call());
  }
  answered(run, "authorise");
  switch (outcome.kind) {
    case "authorised":
      return held(run, outcome.authorisation, recorder.call());
    case "declined":
    case "failed":
      return declined(run, outcome.code, recorder.call());
    case "unknown": {
      deps.logger.warn({ orderId: order.id, reason: outcome.reason }, "checkout authorisation outcome unknown");
      if (run.mode === "member")
        return wait("the card authorisation's outcome is not known yet", deps.settings.unknownChargeGraceMs);
      const lookup = await lookUpAuthorisation(run);
      if (lookup.kind === "found") return settleBy(run, lookup.authorisation, lookup.call);
      return wait("the card authorisation's outcome is not known yet");
    }
  }
}
