import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { transactions, type Transaction } from "./ledger-tables";

/** A journal entry by its internal id. */
export async function findJournalEntry(db: Database, id: bigint): Promise<Transaction | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row;
}
