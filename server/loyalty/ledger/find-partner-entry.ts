import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { transactions, type Transaction } from "./ledger-tables";

/** A journal entry by its public identifier, only among the entries this partner made. */
export async function findPartnerEntry(
  db: Database,
  partnerId: number,
  identifier: string,
): Promise<Transaction | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.partnerId, partnerId), eq(transactions.identifier, identifier)))
    .limit(1);
  return row;
}
