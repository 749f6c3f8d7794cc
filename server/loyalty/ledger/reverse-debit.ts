import type { Database } from "@/server/db/connect";
import type { AccountStatus, Transaction } from "./ledger-tables";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";
import { findAccountTransaction } from "./find-account-transaction";
import { findJournalEntry } from "./find-journal-entry";
import { findPartnerEntry } from "./find-partner-entry";
import { findPartnerTransaction } from "./find-partner-transaction";
import type { LedgerCommandOptions } from "./ledger-command";
import { postJournalEntry } from "./post-journal-entry";
import { newTransactionIdentifier } from "./transaction-identifiers";

export interface ReverseDebitCommand extends LedgerCommandOptions {
  partnerId: number;
  /** Written into the reversal as its `externalSource`. */
  partnerExternalSource: string | null;
  /** How long after a debit the partner may reverse it. */
  reversalWindowHours: number;
  membershipNumber: string;
  /** The public identifier of the debit to reverse. */
  debitIdentifier: string;
  externalTransactionIdentifier: string;
  description: string;
  /**
   * An agent (offline channel) keys the membership number in: the partner's
   * own entry is found by its identifier alone, and must be on that account.
   */
  keyedInByAgent?: boolean;
}

/** Statuses whose accounts take no reversal (E9 ACCOUNT_NOT_AUTHORIZED). */
export const statusesRefusingReversals: ReadonlySet<AccountStatus> = new Set([
  "CANCELLED",
  "DECEASED",
  "FRAUD",
  "GROUP",
]);

export type ReverseDebitOutcome =
  | { outcome: "reversed"; entry: Transaction; debit: Transaction }
  | { outcome: "member-not-found" }
  | { outcome: "account-not-authorized"; status: AccountStatus }
  /** No transaction of this account, made by this partner, has the identifier. */
  | { outcome: "debit-not-found" }
  /** An agent named the partner's debit of another account than the path's. */
  | { outcome: "debit-of-another-account" }
  | { outcome: "not-a-debit" }
  | { outcome: "reversal-window-passed"; windowHours: number }
  | { outcome: "already-reversed" }
  /** The externalTransactionIdentifier was used for the reversal of another debit. */
  | { outcome: "duplicate-transaction" }
  | { outcome: "idempotency-claim-lost" };

/** P6's rules: credits back the whole amount of one of the partner's debits, once, within its window. */
export async function reverseDebit(db: Database, command: ReverseDebitCommand): Promise<ReverseDebitOutcome> {
  const record = await findMemberByMembershipNumber(db, command.membershipNumber);
  if (!record) return { outcome: "member-not-found" };
  if (statusesRefusingReversals.has(record.account.status)) {
    return { outcome: "account-not-authorized", status: record.account.status };
  }
  const debit = command.keyedInByAgent
    ? await findPartnerEntry(db, command.partnerId, command.debitIdentifier)
    : await findAccountTransaction(db, record.account.id, command.debitIdentifier);
  if (debit && debit.accountId !== record.account.id) return { outcome: "debit-of-another-account" };
  if (!debit || debit.partnerId !== command.partnerId) return { outcome: "debit-not-found" };
  if (debit.kind !== "DEBIT") return { outcome: "not-a-debit" };
  const now = command.at ?? new Date();
  if (now.getTime() - debit.dateMade.getTime() > command.reversalWindowHours * 3_600_000) {
    return { outcome: "reversal-window-passed", windowHours: command.reversalWindowHours };
  }

  const posting = await postJournalEntry(db, {
    identifier: newTransactionIdentifier(),
    account: { id: record.account.id },
    partnerId: command.partnerId,
    kind: "REVERSAL",
    pointsDelta: -debit.pointsDelta,
    description: command.description,
    externalTransactionIdentifier: command.externalTransactionIdentifier,
    externalTransactionDate: now,
    externalSource: command.partnerExternalSource,
    reversedTransactionId: debit.id,
    agentId: command.agentId ?? null,
    dateMade: now,
    completesClaim: command.idempotencyClaim,
  });
  if (posting.outcome === "posted") return { outcome: "reversed", entry: posting.entry, debit };
  switch (posting.reason) {
    case "ALREADY_REVERSED":
      return { outcome: "already-reversed" };
    case "DUPLICATE_TRANSACTION":
      return (await reversesDebit(db, command, debit))
        ? { outcome: "already-reversed" }
        : { outcome: "duplicate-transaction" };
    case "IDEMPOTENCY_CLAIM_LOST":
      return { outcome: "idempotency-claim-lost" };
    default:
      throw new Error(`reversal refused: ${posting.reason}`);
  }
}

/** Is the reversal already recorded under this identifier the one of this very debit (a repeat)? */
async function reversesDebit(db: Database, command: ReverseDebitCommand, debit: Transaction): Promise<boolean> {
  const earlier = await findPartnerTransaction(
    db,
    command.partnerId,
    "REVERSAL",
    command.externalTransactionIdentifier,
  );
  return earlier?.reversedTransactionId === debit.id;
}

/** The debit a reversal entry reversed, to answer for the reversal again. */
export async function reversedDebitOf(db: Database, reversal: Transaction): Promise<Transaction | undefined> {
  if (reversal.reversedTransactionId === null) return undefined;
  return findJournalEntry(db, reversal.reversedTransactionId);
}
