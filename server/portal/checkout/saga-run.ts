import "server-only";
import { orderMessage } from "@/lib/checkout/timeline-message";
import type { CheckoutDeps } from "./checkout-deps";
import type { RemoteCallName } from "./fault-switch";
import type { OrderRow } from "./order-store";
import { recordOrderStep, type OrderStep, type StepCall } from "./record-order-step";

/**
 * One drive of one order: by the member's own request (the member waits,
 * their token is at hand) or by the recovery worker (nobody waits; the
 * partner's client token and X-Agent-Id instead). Whoever drives holds the
 * order's lease.
 */
export interface SagaRun {
  deps: CheckoutDeps;
  order: OrderRow;
  leaseToken: string;
  mode: "member" | "worker";
  /** Written on the timeline: `member`, `worker`, or `staff:<username>`. */
  actor: string;
  /** X-Agent-Id of agent calls. */
  agentId: string;
  /** The worker's: aborts when the process stops, and the order is given back after the step under way. */
  signal?: AbortSignal;
  /** The member's access token, while the member's request drives the order. */
  memberToken?: string;
  customerIp?: string;
  /** Set when the service refused the debit for the balance: the member is told to price again. */
  refusal?: "insufficient_points";
  /** Set when the card was not authorised: nothing moved, the member tries another card on the checkout page. */
  declined?: { code: string };
}

/** What a step did: moved the order on, or left it to be tried again later (an outcome not known yet). */
/** `retryAfterMs`: the earliest the order should be tried again (else at once after the member's request, or by backoff). */
export type StepResult = { kind: "moved" } | { kind: "wait"; reason: string; retryAfterMs?: number };

export const moved: StepResult = { kind: "moved" };
export const wait = (reason: string, retryAfterMs?: number): StepResult =>
  retryAfterMs === undefined ? { kind: "wait", reason } : { kind: "wait", reason, retryAfterMs };

/** A step of this run: whoever drives the order is its actor. */
export type RunStep = Omit<OrderStep, "actor">;

/** Stores a step (state, answer, timeline) and passes the fault point after it. */
export async function record(run: SagaRun, step: RunStep): Promise<void> {
  const { deps } = run;
  run.order = await recordOrderStep(
    deps.db,
    run.order,
    run.leaseToken,
    { ...step, actor: run.actor },
    deps.now(),
    deps.settings.leaseMs,
  );
  deps.faults?.reach(step.to ? `state:${step.to}` : `event:${step.step}`);
}

/** Stores a step and moves the order on: how most steps end. */
export async function moveOn(run: SagaRun, step: RunStep): Promise<StepResult> {
  await record(run, step);
  return moved;
}

/** The fault point after a remote call answered, before its outcome is stored. */
export function answered(run: SagaRun, call: RemoteCallName): void {
  run.deps.faults?.reach(`call:${call}`);
}

/** Keeps the status and request id of a call's answer for the timeline. */
export function callRecorder(operation: string) {
  let seen: StepCall = { operation, status: null, requestId: null };
  return {
    onAnswer: (answer: { status: number; requestId: string | null }) => {
      seen = { operation, status: answer.status, requestId: answer.requestId };
    },
    call: (): StepCall => seen,
  };
}

/** Moves the order to needs_attention with the reason in words; the member's token is dropped. */
export async function needsAttention(run: SagaRun, reason: string, call?: StepCall): Promise<StepResult> {
  run.deps.logger.warn({ orderId: run.order.id, state: run.order.state, reason }, "checkout order needs attention");
  return moveOn(run, {
    to: "needs_attention",
    step: "needs_attention",
    description: `Our team will look at this order: ${reason}`,
    // The reason is the team's: the member reads only that someone will look at it.
    message: orderMessage("needsAttention", run.order),
    call,
    changes: { attentionReason: reason, memberToken: null },
  });
}
