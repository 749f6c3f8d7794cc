import "server-only";
import { orderMessage } from "@/lib/checkout/timeline-message";
import type { ReverseRequest } from "@/lib/contract/reverse-transaction";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { formatPoints } from "@/lib/i18n/format";
import type { OrderRow } from "../order-store";
import { isLoyaltyFailure } from "./loyalty-failure";
import { answered, callRecorder, moveOn, needsAttention, wait, type SagaRun, type StepResult } from "../saga-run";

/** Why the points go back; fixed per order, so a retry sends the same body under the same key. */
export type ReversalReason = "PAYMENT-FAILED" | "ORDER-CANCELLED";

export function reversalRequest(order: OrderRow, reason: ReversalReason): ReverseRequest {
  return {
    reversalTransaction: {
      externalTransactionIdentifier: order.reversalExternalId,
      description: reason,
      type: "CANCELLATION",
      reversedTransaction: { identifier: order.debitTransactionId ?? "" },
    },
  };
}

/** Refusals that no retry can mend: a person must settle the points. */
const finalRefusals: Record<string, string> = {
  REVERSAL_NO_LONGER_PERMITTED: "the reversal window closed before the points could be returned",
  ACCOUNT_NOT_AUTHORIZED: "the account no longer accepts reversals",
  INVALID_MEMBER: "the loyalty service does not know this member for the partner",
  REVERSAL_NOT_PERMITTED: "the loyalty service refused to reverse the debit",
};

/**
 * The compensation of the debit (debitPoints, debit-points.ts; the pair is
 * declared in checkout-steps.ts): P6 as the partner's agent (client token and
 * X-Agent-Id, so it needs no member), with the order's Idempotency-Key and
 * reversal identifier: any retry gets the first reversal back, never a second
 * credit. From `reversing` (the card part was not taken) the order ends
 * points_returned; within `cancelling` the reversal is an event on the
 * timeline and the order stays cancelling until its card is refunded too.
 */
export async function reversePoints(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  const cancelling = order.state === "cancelling";
  const reason: ReversalReason = cancelling ? "ORDER-CANCELLED" : "PAYMENT-FAILED";
  const to = cancelling ? undefined : "points_returned";
  if (!order.debitTransactionId) return needsAttention(run, "the debit to reverse is not known");
  const recorder = callRecorder("P6 reverse");
  try {
    const answer = await deps.loyalty.reverseDebitAsAgent(
      order.programme,
      order.membershipNumber,
      reversalRequest(order, reason),
      { agentId: run.agentId, tokens: deps.agentTokens, customerIp: run.customerIp, onAnswer: recorder.onAnswer },
      { idempotencyKey: order.reversalKey },
    );
    answered(run, "reverse");
    const reversal = answer.reversalTransaction;
    return moveOn(run, {
      to,
      step: to ?? "points_reversed",
      description: `${formatPoints(order.points)} points returned (transaction ${reversal.identifier})`,
      message: orderMessage("pointsReturned", order, { kind: "transaction", id: reversal.identifier }),
      call: recorder.call(),
      changes: { reversalTransactionId: reversal.identifier },
    });
  } catch (error) {
    if (!isLoyaltyFailure(error)) throw error;
    answered(run, "reverse");
    if (!(error instanceof LoyaltyApiError)) return wait("the loyalty service did not answer the reversal");
    const final = Object.entries(finalRefusals).find(([code]) => error.has(code));
    if (final) return needsAttention(run, final[1], recorder.call());
    if (error.status === 422)
      return needsAttention(run, "the reversal's key was used for another request", recorder.call());
    if (error.status >= 400 && error.status < 500 && ![401, 403, 409, 429].includes(error.status)) {
      return needsAttention(run, `the loyalty service refused the reversal (${error.code})`, recorder.call());
    }
    // Credentials, a request in progress, a rate limit or an outage: try again later.
    deps.logger.warn({ orderId: order.id, status: error.status, code: error.code }, "checkout reversal refused");
    return wait(`the reversal was answered ${error.status} ${error.code}`);
  }
}
