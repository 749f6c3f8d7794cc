import type { Database } from "@/server/db/connect";
import type { AccountStatus, Transaction } from "./ledger-tables";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";
import type { LedgerCommandOptions } from "./ledger-command";
import { postJournalEntry, type JournalEntryInput } from "./post-journal-entry";
import { newServiceReference, newTransactionIdentifier } from "./transaction-identifiers";

export interface DebitCommand extends LedgerCommandOptions {
  partnerId: number;
  programmeIdentifier: string;
  membershipNumber: string;
  /** Positive: the points taken. */
  amount: bigint;
  description: string;
  externalTransactionIdentifier: string;
  externalTransactionDate: Date;
  externalReferenceIdentifier?: string | null;
  externalReferenceDescription: string;
  externalPartnerIdentifier: string;
  productSummary?: unknown;
  /** Debit only while this member access token (its `jti`) is live, checked by the debit's own statement. */
  whileAccessTokenLive?: string;
}

export type DebitOutcome =
  | { outcome: "debited"; entry: Transaction }
  | { outcome: "token-not-live" }
  | { outcome: "account-not-found" }
  | { outcome: "account-not-activated" }
  | { outcome: "account-status-forbids-debit"; status: AccountStatus }
  | { outcome: "balance-insufficient" }
  /** The partner already used the externalTransactionIdentifier for a debit; nothing moved. */
  | { outcome: "duplicate-transaction" }
  | { outcome: "idempotency-claim-lost" };

/** The journal entry a debit posts (the bench's references run its statement too). */
export function debitJournalEntry(command: DebitCommand): JournalEntryInput {
  return {
    identifier: newTransactionIdentifier(),
    serviceReference: newServiceReference(),
    account: { membershipNumber: command.membershipNumber, programmeIdentifier: command.programmeIdentifier },
    partnerId: command.partnerId,
    kind: "DEBIT",
    pointsDelta: -command.amount,
    description: command.description,
    externalTransactionIdentifier: command.externalTransactionIdentifier,
    externalTransactionDate: command.externalTransactionDate,
    externalReferenceIdentifier: command.externalReferenceIdentifier ?? null,
    externalReferenceDescription: command.externalReferenceDescription,
    externalPartnerIdentifier: command.externalPartnerIdentifier,
    productSummary: command.productSummary ?? null,
    agentId: command.agentId ?? null,
    dateMade: command.at ?? new Date(),
    whileAccessTokenLive: command.whileAccessTokenLive,
    completesClaim: command.idempotencyClaim,
  };
}

/**
 * P5's rules: one statement finds the member's ACTIVE account in the
 * programme, checks the balance and debits it; only when nothing moved is the
 * account read again, to say why.
 */
export async function debitAccount(db: Database, command: DebitCommand): Promise<DebitOutcome> {
  const posting = await postJournalEntry(db, debitJournalEntry(command));
  if (posting.outcome === "posted") return { outcome: "debited", entry: posting.entry };
  switch (posting.reason) {
    case "TOKEN_NOT_LIVE":
      return { outcome: "token-not-live" };
    case "IDEMPOTENCY_CLAIM_LOST":
      return { outcome: "idempotency-claim-lost" };
    case "DUPLICATE_TRANSACTION":
      return { outcome: "duplicate-transaction" };
    case "NOT_MOVED":
      return whyNothingMoved(db, command);
    case "ALREADY_REVERSED":
      throw new Error("a debit cannot break the one-reversal rule");
  }
}

/** The account, its status, or else its balance. */
async function whyNothingMoved(db: Database, command: DebitCommand): Promise<DebitOutcome> {
  const record = await findMemberByMembershipNumber(db, command.membershipNumber);
  if (!record || record.programme.identifier !== command.programmeIdentifier) return { outcome: "account-not-found" };
  if (record.account.status === "INACTIVE") return { outcome: "account-not-activated" };
  if (record.account.status !== "ACTIVE")
    return { outcome: "account-status-forbids-debit", status: record.account.status };
  return { outcome: "balance-insufficient" };
}
