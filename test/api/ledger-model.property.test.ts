import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { debitResponseSchema } from "@/lib/contract/debit-currency";
import { accountState } from "../support/account-state";
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
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const member = "3081000000000004";
const familyName = "Trial";

/** What the ledger should hold, kept in memory beside the real one. */
interface LedgerModel {
  balance: bigint;
  debits: { identifier: string; amount: bigint; reversed: boolean }[];
  lastRequest?: LastRequest;
}

/** The last request that moved points, to be sent again with and without its Idempotency-Key. */
interface LastRequest {
  send: (headers: Record<string, string>) => Promise<RouteAnswer>;
  key: string;
  answer: RouteAnswer;
  /** What a repeat without the key is refused with. */
  refusal: { error: { code: string } } | { code: string; childError: { code: string }[] };
}

interface RealLedger {
  token: string;
}

async function expectAgreement(model: LedgerModel) {
  const state = await accountState(database.db(), member);
  expect(state.balance).toBe(model.balance);
  expect(state.journalSum).toBe(state.balance);
  expect(state.balance).toBeGreaterThanOrEqual(0n);
}

class CreditCommand implements fc.AsyncCommand<LedgerModel, RealLedger> {
  constructor(readonly amount: number) {}
  check = () => true;
  async run(model: LedgerModel) {
    const body = creditBody({
      monetaryAmount: { amount: String(this.amount), currency: { currencyCode: "POINTS" } },
      person: { name: { familyName } },
    });
    const send = (headers: Record<string, string>) => postCredit({ account: member, body, headers });
    const key = externalId("K");
    const answer = await send({ "Idempotency-Key": key });
    expect(answer.status, answer.text).toBe(201);
    model.balance += BigInt(this.amount);
    const refusal = { code: "REQUEST_INVALID", childError: [{ code: "DUPLICATE_TRANSACTION" }] };
    model.lastRequest = { send, key, answer, refusal };
    await expectAgreement(model);
  }
  toString = () => `credit(${this.amount})`;
}

class DebitCommand implements fc.AsyncCommand<LedgerModel, RealLedger> {
  constructor(readonly amount: number) {}
  check = () => true;
  async run(model: LedgerModel, real: RealLedger) {
    const body = debitBody({
      monetaryAmount: { amount: String(this.amount), currency: { currencyCode: "POINTS" } },
      externalTransactionIdentifier: externalId("M"),
    });
    const send = (headers: Record<string, string>) => postDebit({ account: member, token: real.token, body, headers });
    const key = externalId("K");
    const answer = await send({ "Idempotency-Key": key });
    if (BigInt(this.amount) > model.balance) {
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: "BALANCE_INSUFFICIENT" } });
      model.lastRequest = undefined;
    } else {
      expect(answer.status, answer.text).toBe(201);
      const identifier = debitResponseSchema.parse(answer.json).debitTransaction.identifier;
      model.balance -= BigInt(this.amount);
      model.debits.push({ identifier, amount: BigInt(this.amount), reversed: false });
      const refusal = { error: { code: "REQUEST_INVALID", childError: [{ code: "DUPLICATE_TRANSACTION" }] } };
      model.lastRequest = { send, key, answer, refusal };
    }
    await expectAgreement(model);
  }
  toString = () => `debit(${this.amount})`;
}

class ReverseCommand implements fc.AsyncCommand<LedgerModel, RealLedger> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<LedgerModel>) => model.debits.length > 0;
  async run(model: LedgerModel, real: RealLedger) {
    const debit = model.debits[this.pick % model.debits.length]!;
    const body = reversalBody(debit.identifier);
    const send = (headers: Record<string, string>) =>
      postReversal({ account: member, token: real.token, body, headers });
    const key = externalId("K");
    const answer = await send({ "Idempotency-Key": key });
    if (debit.reversed) {
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: { code: "REVERSAL_NOT_PERMITTED" } });
      model.lastRequest = undefined;
    } else {
      expect(answer.status, answer.text).toBe(201);
      debit.reversed = true;
      model.balance += debit.amount;
      model.lastRequest = { send, key, answer, refusal: { error: { code: "REVERSAL_NOT_PERMITTED" } } };
    }
    await expectAgreement(model);
  }
  toString = () => `reverse(#${this.pick})`;
}

/** A retry of the last accepted request with its Idempotency-Key: the same answer, replayed, no movement. */
class RetryCommand implements fc.AsyncCommand<LedgerModel, RealLedger> {
  check = (model: Readonly<LedgerModel>) => model.lastRequest !== undefined;
  async run(model: LedgerModel) {
    const last = model.lastRequest!;
    const answer = await last.send({ "Idempotency-Key": last.key });
    expect(answer.status).toBe(last.answer.status);
    expect(answer.json).toEqual(last.answer.json);
    expect(answer.headers.get("idempotent-replayed")).toBe("true");
    await expectAgreement(model);
  }
  toString = () => "retry-last-with-key";
}

/** The last accepted request again without a key: refused (a duplicate, or a second reversal), no movement. */
class RepeatCommand implements fc.AsyncCommand<LedgerModel, RealLedger> {
  check = (model: Readonly<LedgerModel>) => model.lastRequest !== undefined;
  async run(model: LedgerModel) {
    const last = model.lastRequest!;
    const answer = await last.send({});
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject(last.refusal);
    await expectAgreement(model);
  }
  toString = () => "repeat-last-without-key";
}

const commands = [
  fc.integer({ min: 1, max: 5_000 }).map((amount) => new CreditCommand(amount)),
  fc.integer({ min: 1, max: 6_000 }).map((amount) => new DebitCommand(amount)),
  fc.nat().map((pick) => new ReverseCommand(pick)),
  fc.constant(new RetryCommand()),
  fc.constant(new RepeatCommand()),
];

describe("the ledger against an in-memory model", () => {
  it("agrees on balances, journal sums and refusals after every step of random sequences", async () => {
    const token = await issueMemberToken(database.db(), member, { scope: "read reverse_transaction" });
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (sequence) => {
        const { balance } = await accountState(database.db(), member);
        const setup = () => ({ model: { balance, debits: [] } as LedgerModel, real: { token } });
        await fc.asyncModelRun(setup, sequence);
      }),
      { numRuns: 40 },
    );
  });
});
