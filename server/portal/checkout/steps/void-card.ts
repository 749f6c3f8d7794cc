import "server-only";
import { orderMessage } from "@/lib/checkout/timeline-message";
import { formatPoints } from "@/lib/i18n/format";
import { formatMoney } from "@/lib/shop/price-choices";
import type { StepCall } from "../record-order-step";
import { moveOn, needsAttention, wait, type SagaRun, type StepResult } from "../saga-run";
import { cardName } from "./card-request";
import { callProcessor } from "./processor-call";

/**
 * The compensation of the authorisation (authoriseCard, authorise-card.ts;
 * the pair is declared in checkout-steps.ts), the step of `voiding` (stored
 * before the call): release the card's hold under the order's void key, then
 * give back the points if any were taken (reversing), or end the order
 * (cancelled). An order holding no authorisation has nothing to release.
 */
export async function voidCard(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  const { authorisationId, voidKey } = order;
  let call: StepCall | undefined;
  if (authorisationId) {
    const answer = await callProcessor(run, "void", (onAnswer) =>
      deps.payments.void(authorisationId, { idempotencyKey: voidKey, onAnswer }),
    );
    if (answer.kind === "refused")
      return needsAttention(
        run,
        `the processor refused to release the card's hold (${answer.error.code})`,
        answer.call,
      );
    const { outcome } = answer;
    if (outcome.kind === "unknown") return wait("the release of the card's hold is not known yet");
    if (outcome.kind === "refused" && outcome.code === "authorisation_already_captured")
      return needsAttention(run, "the card was charged although the order could not go on", answer.call);
    if (outcome.kind === "refused" && outcome.code === "authorisation_not_found")
      return needsAttention(run, "the processor does not know the card's hold", answer.call);
    call = answer.call;
  }
  const released = authorisationId
    ? `Hold of ${formatMoney(order.cashMinor, order.currency)} on ${cardName(order)} released`
    : undefined;
  if (order.debitTransactionId) {
    const points = `returning ${formatPoints(order.points)} points`;
    return moveOn(run, {
      to: "reversing",
      step: "reversing",
      description: released ? `${released}; ${points}` : `Nothing was charged to ${cardName(order)}; ${points}`,
      message: orderMessage(released ? "holdReleasedReturning" : "nothingChargedReturning", order),
      call,
    });
  }
  return moveOn(run, {
    to: "cancelled",
    step: "cancelled",
    description: released
      ? `${released}; no points were used and nothing was charged.`
      : `No points were used and nothing was charged to ${cardName(order)}.`,
    message: orderMessage(released ? "holdReleased" : "nothingCharged", order),
    call,
    changes: { memberToken: null },
  });
}
