import "server-only";
import { orderMessage } from "@/lib/checkout/timeline-message";
import { formatMoney } from "@/lib/shop/price-choices";
import { moveOn, needsAttention, wait, type SagaRun, type StepResult } from "../saga-run";
import { callProcessor } from "./processor-call";

/**
 * The compensation of the capture (captureCard, capture-card.ts; the pair is
 * declared in checkout-steps.ts), within a cancellation: the whole charge
 * refunded under the order's refund key (a retry gets the first refund
 * back). Recorded as an event; the order stays cancelling until its points
 * are back too.
 */
export async function refundCard(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  if (!order.chargeId) return needsAttention(run, "the charge to refund is not known");
  // Fixed per order (who asked), so a retry sends the same body under the same key.
  const reason = order.cancelledBy?.startsWith("staff:") ? "order_cancelled" : "requested_by_customer";
  const chargeId = order.chargeId;
  const answer = await callProcessor(run, "refund", (onAnswer) =>
    deps.payments.refund(chargeId, { idempotencyKey: order.refundKey, reason, onAnswer }),
  );
  if (answer.kind === "refused")
    return needsAttention(run, `the processor refused the refund (${answer.error.code})`, answer.call);
  const { outcome, call } = answer;
  if (outcome.kind === "unknown") return wait("the refund's outcome is not known yet");
  let refundId: string | null = outcome.kind === "refunded" ? outcome.refund.id : null;
  if (outcome.kind === "refused") {
    if (outcome.code !== "charge_already_refunded") {
      return needsAttention(run, `the processor refused the refund (${outcome.code})`, call);
    }
    // Refunded already (by another hand): the processor's record names the refund.
    const charge = await deps.payments.findChargeByIdempotencyKey(order.chargeKey).catch(() => null);
    refundId = charge?.refund ?? null;
    if (!refundId) return wait("the refund could not be confirmed yet");
  }
  return moveOn(run, {
    step: "card_refunded",
    description: `${formatMoney(order.cashMinor, order.currency)} refunded to the card (refund ${refundId})`,
    message: orderMessage("cardRefunded", order, refundId ? { kind: "refund", id: refundId } : undefined),
    call: call,
    changes: { refundId },
  });
}
