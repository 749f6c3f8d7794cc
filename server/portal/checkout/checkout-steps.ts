import "server-only";
import type { TimelineMessageCode } from "@/lib/checkout/timeline-message";
import type { OrderState } from "@/lib/checkout/order-states";
import type { OrderRow } from "./order-store";
import type { SagaRun, StepResult } from "./saga-run";
import { authoriseCard } from "./steps/authorise-card";
import { captureCard } from "./steps/capture-card";
import { debitPoints } from "./steps/debit-points";
import { refundCard } from "./steps/refund-card";
import { reversePoints } from "./steps/reverse-points";
import { voidCard } from "./steps/void-card";
import { tracedSteps } from "./traced-steps";

export type SagaAction = (run: SagaRun) => Promise<StepResult>;

/** One step of the checkout, declared beside the compensation that undoes it. */
export interface CheckoutStep {
  /** Whether the order's price calls for the step: no card part, no authorisation or capture; no points, no debit. */
  takes: (order: Pick<OrderRow, "points" | "cashMinor">) => boolean;
  /** The state stored before `run` is sent, when the step has one of its own (else it runs from the state before). */
  storedBefore?: { state: OrderState; description: string; code: TimelineMessageCode };
  run: SagaAction;
  compensate: SagaAction;
}

const hasCardPart = (order: Pick<OrderRow, "cashMinor">) => order.cashMinor > 0;
const hasPoints = (order: Pick<OrderRow, "points">) => order.points > 0;

/**
 * The checkout saga, in the order its steps are taken, each beside its
 * compensation (docs/checkout-states.md tabulates the same):
 *
 *   authorise the card part  ↔  void the hold      priced → card_authorised | declined;  voiding
 *   debit the points         ↔  reverse the debit  → points_debited;  reversing, or within cancelling
 *   capture the hold         ↔  refund the charge  capturing → completed;  within cancelling
 *
 * Each run and each compensation is stored as a state before its remote
 * call and sent under a key derived from the order (order-keys.ts), so
 * whoever takes it again after a crash gets the first answer back, never a
 * second movement of money or points. Each run and compensation is a span
 * of the checkout's trace (traced-steps.ts).
 */
export const checkoutSteps = tracedSteps({
  authorise: { takes: hasCardPart, run: authoriseCard, compensate: voidCard },
  debit: { takes: hasPoints, run: debitPoints, compensate: reversePoints },
  capture: {
    takes: hasCardPart,
    storedBefore: { state: "capturing", description: "Charging the card", code: "charging" },
    run: captureCard,
    compensate: refundCard,
  },
} as const satisfies Record<string, CheckoutStep>);

export type CheckoutStepName = keyof typeof checkoutSteps;

/** The order in which the steps are taken. */
export const stepOrder: readonly CheckoutStepName[] = ["authorise", "debit", "capture"];
