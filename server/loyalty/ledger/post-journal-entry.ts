import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { isUniqueViolation } from "@/server/db/unique-violation";
import { accounts, transactions, type NewTransaction, type Transaction, type TransactionKind } from "@/server/db/schema";
import { findPartnerTransaction } from "./find-partner-transaction";

export type PostingOutcome =
  | { outcome: "posted"; entry: Transaction }
  | { outcome: "replayed"; entry: Transaction }
  | { outcome: "refused"; reason: "BALANCE_INSUFFICIENT" | "DUPLICATE_TRANSACTION" | "ALREADY_REVERSED" };

export interface JournalEntryInput extends Omit<NewTransaction, "id" | "pointsDelta" | "kind" | "partnerId" | "accountId"> {
  accountId: number;
  partnerId: number;
  kind: TransactionKind;
  /** Positive for credits and reversals, negative for debits. */
  pointsDelta: bigint;
  requestFingerprint: string;
  externalTransactionIdentifier: string;
  dateMade: Date;
}

class InsufficientBalance extends Error {}

/**
 * The one way points move: a journal row and the balance change, in one
 * database transaction. A debit changes the balance by a conditional UPDATE
 * (`balance >= amount`), never by a read-then-write, so concurrent debits
 * cannot overdraw. The database's unique constraints decide duplicates: a
 * retry with the same body gets the original entry back and moves nothing,
 * a different body with the same identifier is refused.
 */
export async function postJournalEntry(db: Database, input: JournalEntryInput): Promise<PostingOutcome> {
  try {
    const entry = await db.transaction(async (tx) => {
      // Inserting first makes a concurrent duplicate wait on the unique index, before it touches the balance.
      const [inserted] = await tx.insert(transactions).values(input).returning();
      const today = input.dateMade.toISOString().slice(0, 10);
      const debit = input.pointsDelta < 0n;
      const [updated] = await tx
        .update(accounts)
        .set({ balance: sql`${accounts.balance} + ${input.pointsDelta.toString()}::bigint`, lastActivityDate: today })
        .where(
          debit
            ? and(eq(accounts.id, input.accountId), gte(accounts.balance, sql`${(-input.pointsDelta).toString()}::bigint`))
            : eq(accounts.id, input.accountId),
        )
        .returning({ balance: accounts.balance });
      if (!updated) throw new InsufficientBalance();
      return inserted as Transaction;
    });
    return { outcome: "posted", entry };
  } catch (error) {
    if (error instanceof InsufficientBalance) return { outcome: "refused", reason: "BALANCE_INSUFFICIENT" };
    if (!isUniqueViolation(error)) throw error;
    const existing = await findPartnerTransaction(db, input.partnerId, input.kind, input.externalTransactionIdentifier);
    if (existing?.requestFingerprint === input.requestFingerprint) return { outcome: "replayed", entry: existing };
    if (existing) return { outcome: "refused", reason: "DUPLICATE_TRANSACTION" };
    // The only other unique rule on the journal: one reversal per debit.
    return { outcome: "refused", reason: "ALREADY_REVERSED" };
  }
}
