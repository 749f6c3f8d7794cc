import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { retrieveAccount as accountRoute } from "@/server/loyalty/operations/retrieve-account";
import { retrieveOwnTransactions as ownTransactionsRoute } from "@/server/loyalty/operations/retrieve-transactions";
import { accountResponseSchema } from "@/lib/contract/retrieve-account";
import { transactionsResponseSchema } from "@/lib/contract/retrieve-transactions";
import { accounts, transactions } from "@/server/loyalty/ledger/ledger-tables";
import { members } from "@/server/loyalty/members/member-tables";
import { callRoute, withKey } from "../support/call-route";
import { debitBody, postDebit } from "../support/ledger-requests";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

/**
 * demo.shopper, the checkout's member: 60000 points and "no seeded
 * transactions". Its journal holds one opening balance, which keeps the
 * journal's sum equal to the balance and which no partner ever sees.
 */
const { db } = setupTestDatabase();
const shopper = "3081000000000012";

async function journalSumAndBalance() {
  const [row] = await db()
    .select({
      balance: accounts.balance,
      journal: sql<string>`(select coalesce(sum(${transactions.pointsDelta}), 0)::text from ${transactions} where ${transactions.accountId} = ${accounts.id})`,
    })
    .from(accounts)
    .innerJoin(members, eq(members.id, accounts.memberId))
    .where(eq(members.membershipNumber, shopper));
  return { balance: row!.balance, journal: BigInt(row!.journal) };
}

function retrieve(token: string, route: "account" | "transactions") {
  return route === "account"
    ? callRoute(accountRoute, {
        url: withKey(`/api/v2/programmes/NORTHSTAR/accounts/${shopper}`),
        params: { version: "v2", programmeIdentifier: "NORTHSTAR", accountIdentifier: shopper },
        headers: { Authorization: `Bearer ${token}` },
      })
    : callRoute(ownTransactionsRoute, {
        url: withKey("/api/v1/programmes/NORTHSTAR/accounts/transactions"),
        params: { version: "v1", programmeIdentifier: "NORTHSTAR" },
        headers: { Authorization: `Bearer ${token}`, svc_client_applicationName: "PARTNERPORTAL" },
      });
}

describe("the checkout's shopper (sandbox member 3081000000000012)", () => {
  it("shows 60000 points, no transaction and no last activity; its journal still sums to the balance", async () => {
    const token = await issueMemberToken(db(), shopper);
    const account = accountResponseSchema.strict().parse((await retrieve(token, "account")).json);
    expect(account.balance?.amount).toBe(60_000);
    expect(account).not.toHaveProperty("lastActivityDate");
    const listed = await retrieve(token, "transactions");
    expect(listed.status).toBe(200);
    expect(transactionsResponseSchema.strict().parse(listed.json)).toEqual({});
    expect(await journalSumAndBalance()).toEqual({ balance: 60_000n, journal: 60_000n });
  });

  it("shows only its own checkout debits afterwards, and the journal keeps matching the balance", async () => {
    const token = await issueMemberToken(db(), shopper);
    const debit = await postDebit({ account: shopper, token, body: debitBody() });
    expect(debit.status, debit.text).toBe(201);
    const { identifier } = (debit.json as { debitTransaction: { identifier: string } }).debitTransaction;

    const listed = transactionsResponseSchema.strict().parse((await retrieve(token, "transactions")).json);
    expect(
      listed.transaction?.map((item) => ("debitTransaction" in item ? item.debitTransaction.identifier : "")),
    ).toEqual([identifier]);
    expect(await journalSumAndBalance()).toEqual({ balance: 59_900n, journal: 59_900n });
  });
});
