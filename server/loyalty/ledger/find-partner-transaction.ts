import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { transactions, type Transaction, type TransactionKind } from "./ledger-tables";

/** The entry a partner already recorded under one externalTransactionIdentifier, if any. */
export async function findPartnerTransaction(
  db: Database,
  partnerId: number,
  kind: TransactionKind,
  externalTransactionIdentifier: string,
): Promise<Transaction | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.partnerId, partnerId),
        eq(transactions.kind, kind),
        eq(transactions.externalTransactionIdentifier, externalTransactionIdentifier),
      ),
    )
    .limit(1);
  return row;
}
