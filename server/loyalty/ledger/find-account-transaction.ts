import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { transactions, type Transaction } from "./ledger-tables";

/** A journal entry by its public identifier, only within one account. */
export async function findAccountTransaction(
  db: Database,
  accountId: number,
  identifier: string,
): Promise<Transaction | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.accountId, accountId), eq(transactions.identifier, identifier)))
    .limit(1);
  return row;
}
