import "server-only";
import { recordLimits } from "@/lib/contract/retrieve-transactions";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { transactionsVariant } from "@/server/portal/transactions/load-transactions";
import type { StepCall } from "../record-order-step";
import { callRecorder, type SagaRun } from "../saga-run";
import { debitDescription } from "./debit-request";
import { isLoyaltyFailure } from "./loyalty-failure";

export type DebitSearch =
  | { kind: "found"; identifier: string; call: StepCall }
  /** Certainly never debited: the list is complete and the attempt too old to land still. */
  | { kind: "absent"; call: StepCall }
  | { kind: "unknown"; reason: string };

const day = 86_400_000;
/** P3 leaves out debits above 6 digits: such an order can be found only by its replay. */
const largestListedDebit = 999_999;
/** The "other" variant allows 99,999 records; a day of one member's history fits in far fewer. */
const otherVariantRecords = 500;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Looks for the order's debit in the member's transactions (P3 as the
 * partner's agent: the offline channels do not include P5, so the worker
 * cannot replay a debit without the member's token). The debit is the one
 * with the order's own description and points, from the day the order was
 * placed on. Its absence proves nothing was debited only when the list is
 * complete (fewer records than asked for), the amount is one P3 shows, and
 * the attempt is older than any request could still be running.
 */
export async function findDebit(run: SagaRun): Promise<DebitSearch> {
  const { order, deps } = run;
  const now = deps.now();
  const variant = transactionsVariant(order.programme);
  const endRecord = variant === "primary" ? recordLimits.primary : otherVariantRecords;
  const recorder = callRecorder("P3 transactions");
  let listed;
  try {
    const answer = await deps.loyalty.retrieveTransactionsAsAgent(
      variant,
      order.programme,
      order.membershipNumber,
      {
        startRecord: 1,
        endRecord,
        dateMadeFrom: isoDay(order.createdAt),
        dateMadeTo: isoDay(new Date(now.getTime() + day)),
      },
      { agentId: run.agentId, tokens: deps.agentTokens, onAnswer: recorder.onAnswer },
    );
    listed = answer.transaction ?? [];
  } catch (error) {
    if (!isLoyaltyFailure(error)) throw error;
    deps.logger.warn({ orderId: order.id, err: error }, "checkout debit lookup failed");
    const status = error instanceof LoyaltyApiError ? `${error.status} ${error.code}` : "no answer";
    return { kind: "unknown", reason: `the member's transactions could not be read (${status})` };
  }
  const description = debitDescription(order);
  const debit = listed
    .map((entry) => ("debitTransaction" in entry ? entry.debitTransaction : undefined))
    .find((entry) => entry?.description === description && entry.amount.amount === order.points);
  if (debit) return { kind: "found", identifier: debit.identifier, call: recorder.call() };
  const complete = listed.length < endRecord && order.points <= largestListedDebit;
  const settled = now.getTime() - order.createdAt.getTime() >= deps.settings.debitSettleMs;
  if (complete && settled) return { kind: "absent", call: recorder.call() };
  return { kind: "unknown", reason: "the debit is not in the member's transactions yet" };
}
