import { describe, expect, it } from "vitest";
import { debitResponseSchema } from "@/lib/contract/debit-currency";
import { reverseResponseSchema } from "@/lib/contract/reverse-transaction";
import { accountState } from "../support/account-state";
import { expectServiceError } from "../support/error-assertions";
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
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const member1 = "3081000000000001";
const wrapped = (code: string, childCode?: string, status = 400) => ({
  status,
  code,
  childCode,
  shape: "wrapped" as const,
});

async function reverser(membershipNumber = member1) {
  return issueMemberToken(database.db(), membershipNumber, { scope: "read reverse_transaction" });
}

async function freshDebit(amount = "250", membershipNumber = member1): Promise<string> {
  const token = await issueMemberToken(database.db(), membershipNumber);
  const answer = await postDebit({
    account: membershipNumber,
    token,
    body: debitBody({ monetaryAmount: { amount, currency: { currencyCode: "POINTS" } } }),
  });
  expect(answer.status, answer.text).toBe(201);
  return debitResponseSchema.parse(answer.json).debitTransaction.identifier;
}

describe("P6 reverse transaction", () => {
  it("credits back the whole debit: 201 and the spec's response", async () => {
    const debitIdentifier = await freshDebit("250");
    const before = await accountState(database.db(), member1);
    const body = reversalBody(debitIdentifier);
    const answer = await postReversal({ account: member1, token: await reverser(), body });
    expect(answer.status, answer.text).toBe(201);
    const { reversalTransaction } = reverseResponseSchema.strict().parse(answer.json);
    expect(reversalTransaction).toMatchObject({
      externalTransactionIdentifier: body.reversalTransaction.externalTransactionIdentifier,
      description: "CASH-PAYMENT-FAILED",
      type: "CANCELLATION",
      reversedTransaction: { identifier: debitIdentifier },
    });
    expect(reversalTransaction.identifier).not.toBe(debitIdentifier);
    const after = await accountState(database.db(), member1);
    expect(after.balance - before.balance).toBe(250n);
    expect(after.journalSum).toBe(after.balance);
  });

  it("accepts reversedTransaction beside the wrapper too", async () => {
    const debitIdentifier = await freshDebit();
    const { reversalTransaction } = reversalBody(debitIdentifier);
    const { reversedTransaction, ...inner } = reversalTransaction;
    const answer = await postReversal({
      account: member1,
      token: await reverser(),
      body: { reversalTransaction: inner, reversedTransaction },
    });
    expect(answer.status, answer.text).toBe(201);
  });

  it("reverses a debit exactly once: without Idempotency-Key, a second reversal is refused, even the same one", async () => {
    const debitIdentifier = await freshDebit();
    const token = await reverser();
    const body = reversalBody(debitIdentifier);
    const first = await postReversal({ account: member1, token, body });
    expect(first.status).toBe(201);
    const afterFirst = await accountState(database.db(), member1);
    for (const again of [body, reversalBody(debitIdentifier)]) {
      const answer = await postReversal({ account: member1, token, body: again });
      expectServiceError(answer, wrapped("REVERSAL_NOT_PERMITTED"));
      expect(answer.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(await accountState(database.db(), member1)).toEqual(afterFirst);
  });

  it("a reversal retried with its Idempotency-Key answers as the first time, even after the window", async () => {
    const { vi } = await import("vitest");
    const debitIdentifier = await freshDebit();
    const token = await reverser();
    const body = reversalBody(debitIdentifier);
    const headers = { "Idempotency-Key": `reversal-${externalId()}` };
    const first = await postReversal({ account: member1, token, body, headers });
    expect(first.status, first.text).toBe(201);
    const afterFirst = await accountState(database.db(), member1);
    const retry = await postReversal({ account: member1, token, body, headers });
    expect(retry.status, retry.text).toBe(201);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 24 * 3_600_000 + 60_000);
      const late = await issueMemberToken(database.db(), member1, { scope: "reverse_transaction" });
      const lateRetry = await postReversal({ account: member1, token: late, body, headers });
      expect(lateRetry.status, lateRetry.text).toBe(201);
      expect(lateRetry.json).toEqual(first.json);
    } finally {
      vi.useRealTimers();
    }
    expect(await accountState(database.db(), member1)).toEqual(afterFirst);
  });

  it("DUPLICATE_TRANSACTION: a reversal identifier already used for the reversal of another debit", async () => {
    const token = await reverser();
    const body = reversalBody(await freshDebit());
    expect((await postReversal({ account: member1, token, body })).status).toBe(201);
    const before = await accountState(database.db(), member1);
    const other = reversalBody(await freshDebit(), {
      externalTransactionIdentifier: body.reversalTransaction.externalTransactionIdentifier,
    });
    expectServiceError(await postReversal({ account: member1, token, body: other }), {
      ...wrapped("REQUEST_INVALID", "DUPLICATE_TRANSACTION"),
      path: "reversalTransaction.externalTransactionIdentifier",
    });
    const after = await accountState(database.db(), member1);
    expect(after.balance).toBe(before.balance - 250n);
  });

  it("requires a token issued with the scope reverse_transaction", async () => {
    const debitIdentifier = await freshDebit();
    const readOnly = await issueMemberToken(database.db(), member1, { scope: "read write" });
    expectServiceError(
      await postReversal({ account: member1, token: readOnly, body: reversalBody(debitIdentifier) }),
      wrapped("REQUEST_UNAUTHORIZED", "INSUFFICIENT_SCOPE", 403),
    );
    expectServiceError(
      await postReversal({ account: member1, token: null, body: reversalBody(debitIdentifier) }),
      wrapped("REQUEST_UNAUTHORIZED", "TOKEN_INVALID", 401),
    );
  });

  it("E9 REVERSAL_NO_LONGER_PERMITTED: the seeded debit of 40 days ago", async () => {
    expectServiceError(
      await postReversal({ account: member1, token: await reverser(), body: reversalBody("SBXOLDDEBIT0001") }),
      wrapped("REVERSAL_NO_LONGER_PERMITTED"),
    );
  });

  it("E9 REVERSAL_NO_LONGER_PERMITTED: a debit older than the partner's window (fake clock)", async () => {
    const { vi } = await import("vitest");
    const debitIdentifier = await freshDebit();
    const token = await reverser();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 24 * 3_600_000 + 60_000);
      const late = await issueMemberToken(database.db(), member1, { scope: "reverse_transaction" });
      expectServiceError(
        await postReversal({ account: member1, token: late, body: reversalBody(debitIdentifier) }),
        wrapped("REVERSAL_NO_LONGER_PERMITTED"),
      );
    } finally {
      vi.useRealTimers();
    }
    expect((await postReversal({ account: member1, token, body: reversalBody(debitIdentifier) })).status).toBe(201);
  });

  it("E9 REVERSAL_NOT_PERMITTED: a credit, and a reversal itself", async () => {
    expectServiceError(
      await postReversal({ account: member1, token: await reverser(), body: reversalBody("SBXCREDIT0001") }),
      wrapped("REVERSAL_NOT_PERMITTED"),
    );
    const debitIdentifier = await freshDebit();
    const reversal = await postReversal({
      account: member1,
      token: await reverser(),
      body: reversalBody(debitIdentifier),
    });
    const reversalIdentifier = reverseResponseSchema.parse(reversal.json).reversalTransaction.identifier;
    expectServiceError(
      await postReversal({ account: member1, token: await reverser(), body: reversalBody(reversalIdentifier) }),
      wrapped("REVERSAL_NOT_PERMITTED"),
    );
  });

  it("E9 ACCOUNT_NOT_AUTHORIZED: a cancelled or fraud account", async () => {
    for (const account of ["3081000000000008", "3081000000000007"]) {
      expectServiceError(
        await postReversal({ account, token: await reverser(account), body: reversalBody("SBXOLDDEBIT0001") }),
        wrapped("ACCOUNT_NOT_AUTHORIZED"),
      );
    }
  });

  it("E9 INVALID_MEMBER: an offline channel (X-Agent-Id) keying in another membership number", async () => {
    expectServiceError(
      await postReversal({
        account: "3081000000000002",
        token: await reverser(),
        body: reversalBody("SBXOLDDEBIT0001"),
        headers: { "X-Agent-Id": "agent7" },
      }),
      wrapped("INVALID_MEMBER"),
    );
    expectServiceError(
      await postReversal({
        account: "3081000000000002",
        token: await reverser(),
        body: reversalBody("SBXOLDDEBIT0001"),
      }),
      wrapped("REQUEST_UNAUTHORIZED", "UNAUTHORIZED", 401),
    );
  });

  it.each([
    [
      "an identifier with a dash",
      { reversedTransaction: { identifier: "TX-1" } },
      "reversalTransaction.reversedTransaction.identifier",
    ],
    [
      "an identifier over 32",
      { reversedTransaction: { identifier: "A".repeat(33) } },
      "reversalTransaction.reversedTransaction.identifier",
    ],
    ["a description with a space", { description: "CASH FAILED" }, "reversalTransaction.description"],
    [
      "an external identifier with a slash",
      { externalTransactionIdentifier: "A/B" },
      "reversalTransaction.externalTransactionIdentifier",
    ],
  ])("E9 DATA_INVALID: %s", async (_label, overrides, path) => {
    expectServiceError(
      await postReversal({
        account: member1,
        token: await reverser(),
        body: reversalBody("SBXOLDDEBIT0001", overrides),
      }),
      {
        ...wrapped("REQUEST_INVALID", "DATA_INVALID"),
        path,
      },
    );
  });

  it("E9 DATA_INVALID: a transaction that is not this account's", async () => {
    const other = await freshDebit("10", "3081000000000003");
    expectServiceError(await postReversal({ account: member1, token: await reverser(), body: reversalBody(other) }), {
      ...wrapped("REQUEST_INVALID", "DATA_INVALID"),
      path: "reversalTransaction.reversedTransaction.identifier",
    });
  });

  it.each([
    ["another type", { type: "REFUND" }, "reversalTransaction.type"],
    ["a missing description", { description: undefined }, "reversalTransaction.description"],
    [
      "a missing reversed transaction",
      { reversedTransaction: undefined },
      "reversalTransaction.reversedTransaction.identifier",
    ],
  ])("E9 MANDATORY_DATA_MISSING: %s", async (_label, overrides, path) => {
    expectServiceError(
      await postReversal({
        account: member1,
        token: await reverser(),
        body: reversalBody("SBXOLDDEBIT0001", overrides),
      }),
      {
        ...wrapped("REQUEST_INVALID", "MANDATORY_DATA_MISSING"),
        path,
      },
    );
  });

  it("E9 MANDATORY_DATA_MISSING: a malformed request", async () => {
    expectServiceError(
      await postReversal({ account: member1, token: await reverser(), body: null, rawBody: "{" }),
      wrapped("REQUEST_INVALID", "MANDATORY_DATA_MISSING"),
    );
  });

  it("serves MERIDIAN, not the other programmes", async () => {
    const meridian = "3081000000000009";
    expectServiceError(
      await postReversal({
        account: meridian,
        programme: "HORIZON",
        token: await reverser(meridian),
        body: reversalBody("X1"),
      }),
      {
        ...wrapped("REQUEST_INVALID", "DATA_INVALID"),
        path: "programmeIdentifier",
      },
    );
    const answer = await postReversal({
      account: meridian,
      programme: "MERIDIAN",
      token: await reverser(meridian),
      body: reversalBody("NOSUCHDEBIT"),
    });
    expectServiceError(answer, wrapped("REQUEST_INVALID", "DATA_INVALID"));
  });

  it("keeps credits and debits apart from reversal identifiers", async () => {
    const id = externalId("S");
    expect(
      (await postCredit({ account: member1, body: creditBody({ externalTransactionIdentifier: id }) })).status,
    ).toBe(201);
    const debitIdentifier = await freshDebit();
    expect(
      (
        await postReversal({
          account: member1,
          token: await reverser(),
          body: reversalBody(debitIdentifier, { externalTransactionIdentifier: id }),
        })
      ).status,
    ).toBe(201);
  });
});
