import "server-only";
import { orderMessage, type TimelineMessageCode } from "@/lib/checkout/timeline-message";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { formatPoints } from "@/lib/i18n/format";
import type { StepCall } from "../record-order-step";
import {
  answered,
  callRecorder,
  moveOn,
  moved,
  needsAttention,
  record,
  wait,
  type RunStep,
  type SagaRun,
  type StepResult,
} from "../saga-run";
import { debitRequest } from "./debit-request";
import { findDebit } from "./find-debit";
import { isLoyaltyFailure } from "./loyalty-failure";

/**
 * The step of `card_authorised` (or of `priced` when there is no card part):
 * P5 with the member's token, the order's Idempotency-Key and identifier.
 * The member's request sends it first; the worker replays it with the token
 * kept (sealed) on the order, which answers the first outcome if there was
 * one, or debits now if the first request never arrived. Without a usable
 * token the worker looks the debit up in the member's transactions instead
 * (find-debit.ts). Undone by reversePoints (reverse-points.ts; the pair is
 * declared in checkout-steps.ts) when the card part is not taken or the
 * order is cancelled.
 */
export async function debitPoints(run: SagaRun): Promise<StepResult> {
  const { order, deps } = run;
  const sealed = order.memberToken;
  const token = run.mode === "member" ? run.memberToken : sealed ? deps.tokenVault.open(sealed) : undefined;
  if (!token) return settleWithoutToken(run);
  const recorder = callRecorder("P5 debit");
  try {
    const answer = await deps.loyalty.debitAccount(order.programme, order.membershipNumber, debitRequest(order), {
      accessToken: token,
      idempotencyKey: order.debitKey,
      customerIp: run.customerIp,
      onAnswer: recorder.onAnswer,
    });
    answered(run, "debit");
    const debit = answer.debitTransaction;
    return moveOn(run, {
      to: "points_debited",
      step: "points_debited",
      description: `${formatPoints(order.points)} points debited (transaction ${debit.identifier})`,
      message: orderMessage("pointsUsed", order, { kind: "transaction", id: debit.identifier }),
      call: recorder.call(),
      changes: { debitTransactionId: debit.identifier, debitedAt: new Date(debit.dateMade), memberToken: null },
    });
  } catch (error) {
    if (!isLoyaltyFailure(error)) throw error;
    answered(run, "debit");
    return judgeRefusal(run, error, recorder.call());
  }
}

async function judgeRefusal(run: SagaRun, error: Error, call: StepCall): Promise<StepResult> {
  if (!(error instanceof LoyaltyApiError)) {
    // No answer, or one outside the contract: the debit may or may not have happened. Replay later.
    run.deps.logger.warn({ orderId: run.order.id, err: error }, "checkout debit outcome unknown");
    return wait("the debit's outcome is not known yet");
  }
  if (error.status === 409 || error.status === 429 || error.status >= 500) {
    return wait(`the service answered ${error.status} ${error.code}`);
  }
  if (error.status === 422) return needsAttention(run, "the debit's key was used for another request", call);
  if (error.status === 401 && run.mode === "worker") {
    // The token is refused before any replay is looked for: the answer says nothing about the first attempt.
    return settleWithoutToken(run);
  }
  // Any other refusal is certain: the key has no success stored (it would have been replayed) and this
  // request moved nothing (on error the balance is unchanged).
  if (error.has("BALANCE_INSUFFICIENT")) run.refusal = "insufficient_points";
  const [why, code] =
    error.status === 401
      ? (["your sign-in had expired", "pointsNotUsedSignIn"] as const)
      : error.has("BALANCE_INSUFFICIENT")
        ? (["your balance does not cover them", "pointsNotUsedBalance"] as const)
        : ([`the loyalty service refused them (${error.code})`, "pointsNotUsedRefused"] as const);
  return moveOn(run, noDebit(run, `No points were debited and nothing was charged: ${why}.`, call, code));
}

/**
 * The order's end when its points were certainly not debited: cancelled,
 * or first the authorisation undone (voiding) when the card part came first.
 */
function noDebit(run: SagaRun, description: string, call: StepCall, code: TimelineMessageCode): RunStep {
  const held = run.order.state === "card_authorised";
  return {
    to: held ? "voiding" : "cancelled",
    step: held ? "debit_refused" : "cancelled",
    description,
    message: orderMessage(code, run.order),
    call,
    changes: { memberToken: null },
  };
}

/** The worker without a usable member token: the member's transactions (P3, as the partner's agent) tell. */
async function settleWithoutToken(run: SagaRun): Promise<StepResult> {
  const search = await findDebit(run);
  answered(run, "debit-lookup");
  if (search.kind === "found") {
    return moveOn(run, {
      to: "points_debited",
      step: "points_debited",
      description: `${formatPoints(run.order.points)} points debited (transaction ${search.identifier}, found in the member's transactions)`,
      message: orderMessage("pointsUsed", run.order, { kind: "transaction", id: search.identifier }),
      call: search.call,
      changes: { debitTransactionId: search.identifier, debitedAt: run.order.createdAt, memberToken: null },
    });
  }
  if (search.kind === "absent") {
    await record(
      run,
      noDebit(
        run,
        "No points were debited and nothing was charged: the debit never reached the loyalty service.",
        search.call,
        "pointsNotUsedNotReached",
      ),
    );
    return moved;
  }
  return wait(search.reason);
}
