import { describe, expect, it } from "vitest";
import { debitResponseSchema } from "@/lib/contract/debit-currency";
import { accountState, setBalance } from "../support/account-state";
import { creditBody, debitBody, postCredit, postDebit, postReversal, reversalBody } from "../support/ledger-requests";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase, testDatabaseKind } from "../support/test-database";

const database = setupTestDatabase();

// PGlite runs one statement at a time, so only PostgreSQL can show a race.
const onPostgres = testDatabaseKind() === "postgres";

describe("the ledger under concurrent requests (PostgreSQL)", () => {
  it.runIf(onPostgres)(
    "40 concurrent debits of 100 against 2,500 → exactly 25 succeed, the balance ends at 0",
    async () => {
      const member = "3081000000000003";
      await setBalance(database.db(), member, 2_500n);
      const token = await issueMemberToken(database.db(), member);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => postDebit({ account: member, token, body: debitBody() })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(25);
      expect(statuses.filter((status) => status === 400)).toHaveLength(15);
      for (const refused of answers.filter((answer) => answer.status === 400)) {
        expect(refused.json).toMatchObject({ error: { code: "BALANCE_INSUFFICIENT" } });
      }
      const state = await accountState(database.db(), member);
      expect(state.balance).toBe(0n);
      expect(state.journalSum).toBe(0n);
    },
  );

  it.runIf(onPostgres)("10 concurrent reversals of one debit → exactly one", async () => {
    const member = "3081000000000001";
    const token = await issueMemberToken(database.db(), member, { scope: "read reverse_transaction" });
    const debit = await postDebit({
      account: member,
      token,
      body: debitBody({ monetaryAmount: { amount: "700", currency: { currencyCode: "POINTS" } } }),
    });
    const debitIdentifier = debitResponseSchema.parse(debit.json).debitTransaction.identifier;
    const before = await accountState(database.db(), member);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postReversal({ account: member, token, body: reversalBody(debitIdentifier) })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.json).toMatchObject({ error: { code: "REVERSAL_NOT_PERMITTED" } });
    }
    const after = await accountState(database.db(), member);
    expect(after.balance - before.balance).toBe(700n);
    expect(after.journalSum).toBe(after.balance);
  });

  it.runIf(onPostgres)("10 concurrent identical credits → one movement, every answer the same", async () => {
    const member = "3081000000000001";
    const before = await accountState(database.db(), member);
    const body = creditBody({ monetaryAmount: { amount: "321", currency: { currencyCode: "POINTS" } } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => postCredit({ account: member, body })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    for (const answer of answers) expect(answer.json).toEqual(answers[0]!.json);
    const after = await accountState(database.db(), member);
    expect(after.balance - before.balance).toBe(321n);
    expect(after.journalCount - before.journalCount).toBe(1);
  });

  it.runIf(onPostgres)("10 concurrent identical debits → one movement", async () => {
    const member = "3081000000000001";
    const token = await issueMemberToken(database.db(), member);
    const before = await accountState(database.db(), member);
    const body = debitBody({ monetaryAmount: { amount: "55", currency: { currencyCode: "POINTS" } } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => postDebit({ account: member, token, body })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const after = await accountState(database.db(), member);
    expect(before.balance - after.balance).toBe(55n);
    expect(after.journalCount - before.journalCount).toBe(1);
  });

  it("on every database: the journal refuses a direct overdraft (the balance check constraint)", async () => {
    const member = "3081000000000010";
    await expect(setBalance(database.db(), member, -1n)).rejects.toThrow();
    expect((await accountState(database.db(), member)).balance).toBe(0n);
  });
});
