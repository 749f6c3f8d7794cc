import "server-only";
import { PaymentsApiError } from "@/lib/payments-client/errors";
import { formatPoints } from "@/lib/portal/format";
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
 * Step of `voiding` (stored before the call): release the card's hold under
 * the order's void key, then give back the points if any were taken
 * (reversing), or end the order (cancelled). A hold that was never made or
 * has lapsed needs no release.
 */
export async function voidCard(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  let call;
  if (order.authorisationId && order.voidKey) {
    const recorder = callRecorder("void");
    let outcome;
    try {
      outcome = await deps.payments.void(order.authorisationId, {
        idempotencyKey: order.voidKey,
        onAnswer: recorder.onAnswer,
      });
    } catch (error) {
      answered(run, "void");
      if (!(error instanceof PaymentsApiError)) throw error;
      return needsAttention(run, `the processor refused to release the card's hold (${error.code})`, recorder.call());
    }
    answered(run, "void");
    if (outcome.kind === "unknown") return wait("the release of the card's hold is not known yet");
    if (outcome.kind === "refused" && outcome.code === "authorisation_already_captured")
      return needsAttention(run, "the card was charged although the order could not go on", recorder.call());
    if (outcome.kind === "refused" && outcome.code === "authorisation_not_found")
      return needsAttention(run, "the processor does not know the card's hold", recorder.call());
    call = recorder.call();
  }
  if (order.debitTransactionId) {
    await record(run, {
      to: "reversing",
      step: "reversing",
      description: `Hold of ${formatMoney(order.cashMinor, order.currency)} on ${cardName(order)} released; returning ${formatPoints(order.points)} points`,
      actor: run.actor,
      call,
    });
    return moved;
  }
  await record(run, {
    to: "cancelled",
    step: "cancelled",
    description: `Hold of ${formatMoney(order.cashMinor, order.currency)} on ${cardName(order)} released; no points were used and nothing was charged.`,
    actor: run.actor,
    call,
    changes: { memberToken: null },
  });
  return moved;
}
