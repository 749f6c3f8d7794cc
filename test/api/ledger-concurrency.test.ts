import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { debitResponseSchema } from "@/lib/contract/debit-currency";
import { idempotencyKeys } from "@/server/loyalty/idempotency/idempotency-tables";
import { accountState, setBalance } from "../support/account-state";
import type { RouteAnswer } from "../support/call-route";
import {
  creditBody,
  debitBody,
  externalId,
  postCredit,
  postDebit,
  postReversal,
  reversalBody,
} from "../support/ledger-requests";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase, testDatabaseKind } from "../support/test-database";
import { needsPostgres, unlessSkipped } from "@/test/support/skip-condition";

const database = setupTestDatabase();

// PGlite runs one statement at a time, so only PostgreSQL can show a race.
const onPostgres = testDatabaseKind() === "postgres";

describe("the ledger under concurrent requests (PostgreSQL)", () => {
  it.runIf(onPostgres)(
    unlessSkipped(
      onPostgres,
      needsPostgres,
      "40 concurrent debits of 100 against 2,500 → exactly 25 succeed, the balance ends at 0",
    ),
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

  it.runIf(onPostgres)(
    unlessSkipped(onPostgres, needsPostgres, "10 concurrent reversals of one debit → exactly one"),
    async () => {
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
    },
  );

  it.runIf(onPostgres)(
    unlessSkipped(
      onPostgres,
      needsPostgres,
      "10 concurrent identical credits without a key → one movement, nine duplicates",
    ),
    async () => {
      const member = "3081000000000001";
      const before = await accountState(database.db(), member);
      const body = creditBody({ monetaryAmount: { amount: "321", currency: { currencyCode: "POINTS" } } });
      const answers = await Promise.all(Array.from({ length: 10 }, () => postCredit({ account: member, body })));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.status !== 201)) {
        expect(refused.json).toMatchObject({
          code: "REQUEST_INVALID",
          childError: [{ code: "DUPLICATE_TRANSACTION" }],
        });
      }
      const after = await accountState(database.db(), member);
      expect(after.balance - before.balance).toBe(321n);
      expect(after.journalCount - before.journalCount).toBe(1);
    },
  );

  it.runIf(onPostgres)(
    unlessSkipped(
      onPostgres,
      needsPostgres,
      "10 concurrent identical debits without a key → one movement, nine duplicates",
    ),
    async () => {
      const member = "3081000000000001";
      const token = await issueMemberToken(database.db(), member);
      const before = await accountState(database.db(), member);
      const body = debitBody({ monetaryAmount: { amount: "55", currency: { currencyCode: "POINTS" } } });
      const answers = await Promise.all(Array.from({ length: 10 }, () => postDebit({ account: member, token, body })));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.status !== 201)) {
        expect(refused.json).toMatchObject({ error: { childError: [{ code: "DUPLICATE_TRANSACTION" }] } });
      }
      const after = await accountState(database.db(), member);
      expect(before.balance - after.balance).toBe(55n);
      expect(after.journalCount - before.journalCount).toBe(1);
    },
  );

  it.runIf(onPostgres)(
    unlessSkipped(
      onPostgres,
      needsPostgres,
      "20 concurrent debits with one Idempotency-Key → one movement; the others replay it or are told to wait",
    ),
    async () => {
      const member = "3081000000000002";
      await setBalance(database.db(), member, 10_000n);
      const token = await issueMemberToken(database.db(), member);
      const before = await accountState(database.db(), member);
      const body = debitBody({ monetaryAmount: { amount: "77", currency: { currencyCode: "POINTS" } } });
      const headers = { "Idempotency-Key": `concurrent-${externalId()}` };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => postDebit({ account: member, token, body, headers })),
      );
      const successes = answers.filter((answer) => answer.status === 201);
      const originals = successes.filter((answer) => answer.headers.get("idempotent-replayed") === null);
      expect(originals).toHaveLength(1);
      for (const success of successes) expect(success.json).toEqual(originals[0]!.json);
      for (const waiting of answers.filter((answer) => answer.status !== 201)) {
        expect(waiting.status).toBe(409);
        expect(waiting.json).toMatchObject({ error: { code: "IDEMPOTENCY_KEY_IN_PROGRESS" } });
      }
      const after = await accountState(database.db(), member);
      expect(before.balance - after.balance).toBe(77n);
      expect(after.journalCount - before.journalCount).toBe(1);
      const retry = await postDebit({ account: member, token, body, headers });
      expect(retry.status).toBe(201);
      expect(retry.json).toEqual(originals[0]!.json);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
    },
  );

  it.runIf(onPostgres)(
    unlessSkipped(onPostgres, needsPostgres, "20 concurrent credits with one Idempotency-Key → one movement"),
    async () => {
      const member = "3081000000000001";
      const before = await accountState(database.db(), member);
      const body = creditBody({ monetaryAmount: { amount: "13", currency: { currencyCode: "POINTS" } } });
      const headers = { "Idempotency-Key": `concurrent-${externalId()}` };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => postCredit({ account: member, body, headers })),
      );
      expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
      expect(
        answers.filter((answer) => answer.status === 201 && !answer.headers.has("idempotent-replayed")),
      ).toHaveLength(1);
      const after = await accountState(database.db(), member);
      expect(after.balance - before.balance).toBe(13n);
      expect(after.journalCount - before.journalCount).toBe(1);
    },
  );

  it.runIf(onPostgres)(
    unlessSkipped(
      onPostgres,
      needsPostgres,
      "409 while the first request with a key waits on the account; then the first answer, replayed",
    ),
    async () => {
      const member = "3081000000000003";
      const db = database.db();
      await setBalance(db, member, 1_000n);
      const token = await issueMemberToken(db, member);
      const body = debitBody({ monetaryAmount: { amount: "9", currency: { currencyCode: "POINTS" } } });
      const key = `held-${externalId()}`;
      const headers = { "Idempotency-Key": key };
      const { accountId } = await accountState(db, member);
      let first: Promise<RouteAnswer> | undefined;
      await db.transaction(async (tx) => {
        // Another writer holds the account row: the keyed debit claims its key, then waits in its
        // statement (holding its key row); the second request must be told at once, not wait behind it.
        await tx.execute(sql`SELECT 1 FROM loyalty.accounts WHERE id = ${accountId} FOR UPDATE`);
        first = postDebit({ account: member, token, body, headers });
        await expect
          .poll(async () => (await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length, {
            timeout: 20_000,
          })
          .toBe(1);
        const second = await postDebit({ account: member, token, body, headers });
        expect(second.status, second.text).toBe(409);
        expect(second.json).toMatchObject({ error: { code: "IDEMPOTENCY_KEY_IN_PROGRESS" } });
      });
      const answer = await first!;
      expect(answer.status, answer.text).toBe(201);
      expect((await accountState(db, member)).balance).toBe(991n);
      const third = await postDebit({ account: member, token, body, headers });
      expect(third.status).toBe(201);
      expect(third.json).toEqual(answer.json);
      expect(third.headers.get("idempotent-replayed")).toBe("true");
    },
  );

  it("on every database: the journal refuses a direct overdraft (the balance check constraint)", async () => {
    const member = "3081000000000010";
    await expect(setBalance(database.db(), member, -1n)).rejects.toThrow();
    expect((await accountState(database.db(), member)).balance).toBe(0n);
  });
});
