import { eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { accounts, transactions } from "@/server/loyalty/ledger/ledger-tables";
import { members } from "@/server/loyalty/members/member-tables";

/** An account's stored balance and the sum and count of its journal. */
export async function accountState(db: Database, membershipNumber: string) {
  const [row] = await db
    .select({
      accountId: accounts.id,
      balance: accounts.balance,
      journalSum: sql<string>`coalesce((select sum(${transactions.pointsDelta}) from ${transactions} where ${transactions.accountId} = ${accounts.id}), 0)`,
      journalCount: sql<number>`(select count(*)::int from ${transactions} where ${transactions.accountId} = ${accounts.id})`,
    })
    .from(accounts)
    .innerJoin(members, eq(members.id, accounts.memberId))
    .where(eq(members.membershipNumber, membershipNumber));
  if (!row) throw new Error(`no account ${membershipNumber}`);
  return {
    accountId: row.accountId,
    balance: row.balance,
    journalSum: BigInt(row.journalSum),
    journalCount: row.journalCount,
  };
}

/** Sets a balance the way the ledger does: a journal entry beside the change. */
export async function setBalance(db: Database, membershipNumber: string, target: bigint): Promise<void> {
  const state = await accountState(db, membershipNumber);
  const delta = target - state.balance;
  if (delta === 0n) return;
  await db.transaction(async (tx) => {
    await tx.insert(transactions).values({
      identifier: `ADJ${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(0, 32),
      accountId: state.accountId,
      kind: delta > 0n ? "CREDIT" : "DEBIT",
      pointsDelta: delta,
      description: "TEST-ADJUSTMENT",
      externalSource: "TEST",
    });
    await tx.update(accounts).set({ balance: target }).where(eq(accounts.id, state.accountId));
  });
}
