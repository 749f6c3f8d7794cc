import "server-only";
import { orderMessage } from "@/lib/checkout/timeline-message";
import type { Authorisation } from "@/lib/payments-contract/contract";
import { formatMoney } from "@/lib/shop/price-choices";
import type { StepCall } from "../record-order-step";
import { moveOn, needsAttention, wait, type SagaRun, type StepResult } from "../saga-run";
import { cardName, cardRequest } from "./card-request";
import { callProcessor, lookUpByKey } from "./processor-call";

const lookUpAuthorisation = (run: SagaRun) =>
  lookUpByKey(run, "authorise-lookup", "authorisation lookup", (onAnswer) =>
    run.deps.payments.findAuthorisationByIdempotencyKey(run.order.authoriseKey, { onAnswer }),
  );

/** Held: the order goes on to the points (or straight to the capture when there are none). */
function held(run: SagaRun, authorisation: Authorisation, call: StepCall): Promise<StepResult> {
  const { order } = run;
  return moveOn(run, {
    to: "card_authorised",
    step: "card_authorised",
    description: `${formatMoney(order.cashMinor, order.currency)} held on ${cardName(order)}`,
    message: orderMessage("cardHeld", order),
    call,
    changes: { authorisationId: authorisation.id },
  });
}

/** Nothing held and no point moved: the attempt ends here, and the member tries another card. */
function declined(run: SagaRun, code: string, call: StepCall): Promise<StepResult> {
  run.declined = { code };
  return moveOn(run, {
    to: "declined",
    step: "declined",
    description: `${cardName(run.order)} was not accepted. No points were used and nothing was charged.`,
    message: orderMessage("cardDeclined", run.order),
    call,
    changes: { memberToken: null },
  });
}

function settleBy(run: SagaRun, authorisation: Authorisation, call: StepCall): Promise<StepResult> {
  if (authorisation.status === "authorised") return held(run, authorisation, call);
  if (authorisation.status === "declined" || authorisation.status === "failed")
    return declined(run, authorisation.failure_code ?? authorisation.status, call);
  // Captured, voided or lapsed before the order took a step: not a state this order can be in by itself.
  return needsAttention(run, `the card's authorisation was found ${authorisation.status}`, call);
}

/**
 * The step of `priced` for an order with a card part (stored before the
 * call): hold the cash part on the card under the order's key, before any
 * point moves. The worker first asks the processor what the key did (the
 * timeout card's answer is lost, its hold real) and authorises only when
 * nothing was made under it; the member's request leaves an unknown outcome
 * to the worker after a grace period. Undone by voidCard (void-card.ts; the
 * pair is declared in checkout-steps.ts) when a later step fails.
 */
export async function authoriseCard(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  if (run.mode === "worker") {
    const lookup = await lookUpAuthorisation(run);
    if (lookup.kind === "found") return settleBy(run, lookup.found, lookup.call);
    if (lookup.kind === "unavailable") return wait("the processor could not be asked about the authorisation");
  }
  if (!order.cardToken) return declined(run, "card_missing", { operation: "authorise", status: null, requestId: null });
  const answer = await callProcessor(run, "authorise", (onAnswer) =>
    deps.payments.authorise(cardRequest(order), { idempotencyKey: order.authoriseKey, onAnswer }),
  );
  if (answer.kind === "refused") {
    if (answer.error.status === 422)
      return needsAttention(run, "the card authorisation's key was used for another request", answer.call);
    return declined(run, answer.error.code, answer.call);
  }
  const { outcome, call } = answer;
  switch (outcome.kind) {
    case "authorised":
      return held(run, outcome.authorisation, call);
    case "declined":
    case "failed":
      return declined(run, outcome.code, call);
    case "unknown": {
      deps.logger.warn({ orderId: order.id, reason: outcome.reason }, "checkout authorisation outcome unknown");
      if (run.mode === "member")
        return wait("the card authorisation's outcome is not known yet", deps.settings.unknownChargeGraceMs);
      const lookup = await lookUpAuthorisation(run);
      if (lookup.kind === "found") return settleBy(run, lookup.found, lookup.call);
      return wait("the card authorisation's outcome is not known yet");
    }
  }
}
