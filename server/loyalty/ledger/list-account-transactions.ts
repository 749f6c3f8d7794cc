import { and, desc, eq, gte, lt, ne, not, sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { transactions, type Transaction } from "./ledger-tables";

/** Retrieved transactions carry at most 6 digits: larger debits are never returned. */
export const largestRetrievableAmount = 999_999n;

export interface TransactionWindow {
  /** Inclusive lower bound of `date_made`. */
  from?: Date;
  /** Exclusive upper bound of `date_made`. */
  before?: Date;
  /** 1-based positions counted from the latest transaction, both inclusive. */
  startRecord: number;
  endRecord: number;
}

/** An account's partner transactions, latest first, filtered by date and cut to a record range. */
export function listAccountTransactions(
  db: Database,
  accountId: number,
  window: TransactionWindow,
): Promise<Transaction[]> {
  const conditions = [
    eq(transactions.accountId, accountId),
    // An opening balance is in the journal (which sums to the balance) but is no transaction of a partner.
    ne(transactions.kind, "OPENING"),
    not(and(eq(transactions.kind, "DEBIT"), sql`${transactions.pointsDelta} < ${-largestRetrievableAmount}`)!),
    window.from ? gte(transactions.dateMade, window.from) : undefined,
    window.before ? lt(transactions.dateMade, window.before) : undefined,
  ].filter((condition) => condition !== undefined);

  return db
    .select()
    .from(transactions)
    .where(and(...conditions))
    .orderBy(desc(transactions.dateMade), desc(transactions.id))
    .offset(window.startRecord - 1)
    .limit(window.endRecord - window.startRecord + 1);
}
