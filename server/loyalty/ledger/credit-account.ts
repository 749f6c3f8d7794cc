import { toAscii } from "@/lib/text/to-ascii";
import type { Database } from "@/server/db/connect";
import type { Transaction } from "./ledger-tables";
import { findMemberByMembershipNumber, type MemberRecord } from "@/server/loyalty/members/find-member";
import { reachesMember } from "@/server/loyalty/members/sandbox-reach";
import type { LedgerCommandOptions } from "./ledger-command";
import { postJournalEntry } from "./post-journal-entry";
import { newTransactionIdentifier } from "./transaction-identifiers";

export interface CreditCommand extends LedgerCommandOptions {
  partnerId: number;
  /** Whether the crediting partner is a developer's sandbox: it credits its own member copies only (sandbox-reach.ts). */
  developerSandbox: boolean;
  programmeIdentifier: string;
  membershipNumber: string;
  /** The account holder's family name as the partner knows it (`HOUSEHOLD` for a household). */
  familyName: string;
  /** Positive. */
  amount: bigint;
  description?: string | null;
  externalTransactionIdentifier: string;
  externalTransactionDate: Date;
  externalReferenceIdentifier?: string | null;
  externalReferenceDescription?: string | null;
  externalPartnerIdentifier?: string | null;
  externalSource: string;
  productSummary?: unknown;
}

export type CreditOutcome =
  | { outcome: "credited"; entry: Transaction }
  /** No ACTIVE account with this number in this programme. */
  | { outcome: "account-invalid" }
  | { outcome: "transaction-date-in-future" }
  | { outcome: "transaction-date-not-after-join-date" }
  | { outcome: "name-mismatch" }
  /** The partner already used the externalTransactionIdentifier for a credit; nothing moved. */
  | { outcome: "duplicate-transaction" }
  | { outcome: "idempotency-claim-lost" };

const comparableName = (name: string) => toAscii(name).toUpperCase().replace(/\s+/g, " ").trim();

/** Family name for an individual; `HOUSEHOLD` or the merged member's surname for a household. */
function nameMatches(record: MemberRecord, familyName: string): boolean {
  const sent = comparableName(familyName);
  if (sent === comparableName(record.member.familyName)) return true;
  return record.account.accountType === "HOUSEHOLD" && sent === "HOUSEHOLD";
}

/**
 * P4's rules: credits an ACTIVE account of the programme at once, for a collection made after joining.
 * Another sandbox's member is answered as an unknown account.
 */
export async function creditAccount(db: Database, command: CreditCommand): Promise<CreditOutcome> {
  const record = await findMemberByMembershipNumber(db, command.membershipNumber);
  if (
    !record ||
    !reachesMember({ id: command.partnerId, developerSandbox: command.developerSandbox }, record.member) ||
    record.programme.identifier !== command.programmeIdentifier ||
    record.account.status !== "ACTIVE"
  ) {
    return { outcome: "account-invalid" };
  }
  const now = command.at ?? new Date();
  if (command.externalTransactionDate.getTime() > now.getTime()) return { outcome: "transaction-date-in-future" };
  if (command.externalTransactionDate.getTime() <= new Date(`${record.member.joinDate}T00:00:00.000Z`).getTime()) {
    return { outcome: "transaction-date-not-after-join-date" };
  }
  if (!nameMatches(record, command.familyName)) return { outcome: "name-mismatch" };

  const posting = await postJournalEntry(db, {
    identifier: newTransactionIdentifier(),
    account: { id: record.account.id },
    partnerId: command.partnerId,
    kind: "CREDIT",
    pointsDelta: command.amount,
    description: command.description ?? null,
    externalTransactionIdentifier: command.externalTransactionIdentifier,
    externalTransactionDate: command.externalTransactionDate,
    externalReferenceIdentifier: command.externalReferenceIdentifier ?? null,
    externalReferenceDescription: command.externalReferenceDescription ?? null,
    externalPartnerIdentifier: command.externalPartnerIdentifier ?? null,
    externalSource: command.externalSource,
    productSummary: command.productSummary ?? null,
    agentId: command.agentId ?? null,
    dateMade: now,
    completesClaim: command.idempotencyClaim,
  });
  if (posting.outcome === "posted") return { outcome: "credited", entry: posting.entry };
  switch (posting.reason) {
    case "DUPLICATE_TRANSACTION":
      return { outcome: "duplicate-transaction" };
    case "IDEMPOTENCY_CLAIM_LOST":
      return { outcome: "idempotency-claim-lost" };
    default:
      // The account was found ACTIVE just before; a credit has no balance condition.
      throw new Error(`credit refused: ${posting.reason}`);
  }
}
