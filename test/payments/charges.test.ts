import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chargeSchema } from "@/lib/payments-contract/contract";
import { tokeniseCard } from "@/server/payments/cards/tokenise-card";
import { charges } from "@/server/payments/db/schema";
import {
  chargeBody,
  errorOf,
  lookUpCharge,
  nextYear,
  postCharge,
  publishableAuth,
  testCards,
  tokenOf,
  setupTimeoutCardDelay,
} from "@/test/support/payments-requests";
import { setupTestDatabase } from "@/test/support/test-database";

const { db } = setupTestDatabase();

// The timeout card's answer comes this late; the lookup below must see the charge before it does.
const lateAnswerMs = 4_000;
setupTimeoutCardDelay(lateAnswerMs);

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${(keys += 1)}`;

describe("POST /payments-sandbox/v1/charges", () => {
  it("captures a charge of the approved card: 201 with the recorded charge", async () => {
    const token = await tokenOf(testCards.APPROVED);
    const answer = await postCharge(chargeBody(token), newKey());
    expect(answer.status, answer.text).toBe(201);
    expect(answer.headers.get("idempotent-replayed")).toBeNull();
    const charge = chargeSchema.parse(answer.json);
    expect(charge).toMatchObject({
      object: "charge",
      status: "captured",
      amount: 9000,
      currency: "GBP",
      description: "Flight LHR-MAD",
      merchant_reference: "order-1",
      card: { brand: "visa", last4: "4242" },
      failure_code: null,
      refunded: false,
      amount_refunded: 0,
      refund: null,
    });
    const [row] = await db().select().from(charges).where(eq(charges.id, charge.id));
    expect(row).toMatchObject({ status: "captured", amount: 9000, tokenId: token });
  });

  it("replays the first outcome for the same key and the same body, however the JSON is written", async () => {
    const token = await tokenOf(testCards.APPROVED);
    const key = newKey();
    const first = await postCharge(chargeBody(token), key);
    const reordered = `{ "merchant_reference": "order-1", "description": "Flight LHR-MAD",
      "currency": "GBP", "amount": 9000, "token": "${token}" }`;
    const again = await postCharge(reordered, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    const rows = await db().select().from(charges).where(eq(charges.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it("refuses the same key with another body (422) and leaves the first charge as it was", async () => {
    const token = await tokenOf(testCards.APPROVED);
    const key = newKey();
    const first = await postCharge(chargeBody(token), key);
    const other = await postCharge(chargeBody(token, { amount: 1 }), key);
    expect(other.status).toBe(422);
    expect(errorOf(other)).toMatchObject({ type: "idempotency_error", code: "idempotency_key_reused" });
    const found = await lookUpCharge(`?idempotency_key=${key}`);
    expect(found.json).toEqual(first.json);
  });

  it.each([
    ["DECLINED", "card_declined"],
    ["DECLINED_INSUFFICIENT_FUNDS", "insufficient_funds"],
  ] as const)("declines the %s card with 402 %s, records the decline, replays it", async (card, code) => {
    const key = newKey();
    const answer = await postCharge(chargeBody(await tokenOf(testCards[card])), key);
    expect(answer.status).toBe(402);
    const error = errorOf(answer);
    expect(error).toMatchObject({ type: "card_error", code });
    expect(error.charge).toMatch(/^ch_/);

    const found = chargeSchema.parse((await lookUpCharge(`?idempotency_key=${key}`)).json);
    expect(found).toMatchObject({ id: error.charge, status: "declined", failure_code: code });

    const replay = await postCharge(JSON.parse(await answerBodyOf(key)), key);
    expect(replay.status).toBe(402);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(errorOf(replay)).toEqual(error);
  });

  it("answers the processing-error card with 502 and records the charge as failed: no money taken", async () => {
    const key = newKey();
    const answer = await postCharge(chargeBody(await tokenOf(testCards.PROCESSING_ERROR)), key);
    expect(answer.status).toBe(502);
    expect(errorOf(answer)).toMatchObject({ type: "api_error", code: "processing_error" });
    const found = chargeSchema.parse((await lookUpCharge(`?idempotency_key=${key}`)).json);
    expect(found).toMatchObject({ id: errorOf(answer).charge, status: "failed", failure_code: "processing_error" });
  });

  it("records the timeout card's charge as captured at once but answers only after the delay", async () => {
    const key = newKey();
    let answered = false;
    const pending = postCharge(chargeBody(await tokenOf(testCards.TIMEOUT_UNKNOWN_OUTCOME)), key).then((answer) => {
      answered = true;
      return answer;
    });
    // Asked again until the charge shows, for as long as the answer takes at the least: a busy machine may be
    // slow to record it, but it must show before the answer comes (`answered` below).
    await expect
      .poll(async () => (await lookUpCharge(`?idempotency_key=${key}`)).status, { timeout: lateAnswerMs })
      .toBe(200);
    const truth = chargeSchema.parse((await lookUpCharge(`?idempotency_key=${key}`)).json);
    expect(truth.status).toBe("captured");
    expect(answered).toBe(false);

    const late = await pending;
    expect(late.status).toBe(201);
    expect(late.json).toEqual(truth);
    // A retry after giving up learns the truth at once.
    const replay = await postCharge(JSON.parse(await answerBodyOf(key)), key);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json).toEqual(truth);
  });

  it("lets a token pay once: another key with a used token is refused", async () => {
    const token = await tokenOf(testCards.APPROVED);
    await postCharge(chargeBody(token), newKey());
    const second = await postCharge(chargeBody(token), newKey());
    expect(second.status).toBe(400);
    expect(errorOf(second)).toMatchObject({ code: "token_already_used", param: "token" });
  });

  it("refuses a declined card's token a second time too", async () => {
    const token = await tokenOf(testCards.DECLINED);
    await postCharge(chargeBody(token), newKey());
    expect(errorOf(await postCharge(chargeBody(token), newKey())).code).toBe("token_already_used");
  });

  it("refuses an expired token and an unknown one", async () => {
    const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000);
    const old = await tokeniseCard(
      db(),
      { number: testCards.APPROVED, exp_month: 12, exp_year: nextYear, cvc: "123", name: "Jo" },
      twentyMinutesAgo,
    );
    const expired = await postCharge(chargeBody(old.token), newKey());
    expect(expired.status).toBe(400);
    expect(errorOf(expired)).toMatchObject({ code: "token_expired", param: "token" });

    const unknown = await postCharge(chargeBody("tok_000000000000000000000000"), newKey());
    expect(errorOf(unknown)).toMatchObject({ code: "token_not_found", param: "token" });
  });

  it.each([
    ["a fractional amount", { amount: 90.5 }, "parameter_invalid", "amount"],
    ["a zero amount", { amount: 0 }, "parameter_invalid", "amount"],
    ["an amount as text", { amount: "9000" }, "parameter_invalid", "amount"],
    ["an amount above the cap", { amount: 100_000_000 }, "parameter_invalid", "amount"],
    ["an unsupported currency", { currency: "JPY" }, "currency_not_supported", "currency"],
    ["a currency in lower case", { currency: "gbp" }, "currency_not_supported", "currency"],
    ["an empty description", { description: "" }, "parameter_invalid", "description"],
    ["a description with a line break", { description: "a\nb" }, "parameter_invalid", "description"],
    ["a merchant reference with spaces", { merchant_reference: "order 1" }, "parameter_invalid", "merchant_reference"],
    ["a malformed token", { token: "4242424242424242" }, "parameter_invalid", "token"],
    ["no token", { token: undefined }, "parameter_missing", "token"],
  ])("refuses %s with 400 on that parameter", async (_, change, code, param) => {
    const answer = await postCharge(chargeBody("tok_000000000000000000000000", change), newKey());
    expect(answer.status, answer.text).toBe(400);
    expect(errorOf(answer)).toMatchObject({ type: "invalid_request_error", code, param });
    expect(answer.text).not.toContain("4242424242424242");
  });

  it("requires a well-formed Idempotency-Key", async () => {
    const token = "tok_000000000000000000000000";
    expect(errorOf(await postCharge(chargeBody(token), undefined))).toMatchObject({
      code: "idempotency_key_missing",
      type: "invalid_request_error",
    });
    expect(errorOf(await postCharge(chargeBody(token), "has space")).code).toBe("idempotency_key_invalid");
    expect(errorOf(await postCharge(chargeBody(token), "k".repeat(256))).code).toBe("idempotency_key_invalid");
  });

  it("takes the secret key only", async () => {
    const answer = await postCharge(chargeBody("tok_000000000000000000000000"), newKey(), publishableAuth());
    expect(answer.status).toBe(401);
    expect(errorOf(answer)).toMatchObject({ type: "authentication_error", code: "secret_key_invalid" });
    expect(answer.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("keeps charges append-only in the database", async () => {
    await postCharge(chargeBody(await tokenOf(testCards.APPROVED)), newKey());
    await expect(db().execute(sql`update payments.charges set amount = 1`)).rejects.toThrow();
    await expect(db().execute(sql`delete from payments.charges`)).rejects.toThrow();
  });
});

describe("GET /payments-sandbox/v1/charges?idempotency_key=", () => {
  it("answers 404 charge_not_found for a key never used", async () => {
    const answer = await lookUpCharge(`?idempotency_key=${newKey()}`);
    expect(answer.status).toBe(404);
    expect(errorOf(answer)).toMatchObject({ type: "invalid_request_error", code: "charge_not_found" });
  });

  it("refuses a missing, repeated or malformed key, and the publishable key", async () => {
    expect(errorOf(await lookUpCharge("")).code).toBe("parameter_missing");
    expect(errorOf(await lookUpCharge("?idempotency_key=a&idempotency_key=b")).code).toBe("parameter_invalid");
    expect(errorOf(await lookUpCharge("?idempotency_key=a%20b")).code).toBe("parameter_invalid");
    expect((await lookUpCharge("?idempotency_key=a", publishableAuth())).status).toBe(401);
  });
});

describe("concurrent charges", () => {
  it("charges once for several requests racing with the same key: one row, one id, the others replayed", async () => {
    const token = await tokenOf(testCards.APPROVED);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => postCharge(chargeBody(token), key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((answer) => (answer.json as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("idempotent-replayed") === "true")).toHaveLength(7);
    expect(await db().select().from(charges).where(eq(charges.idempotencyKey, key))).toHaveLength(1);
  });

  it("lets one token pay once when requests race with different keys", async () => {
    const token = await tokenOf(testCards.APPROVED);
    const answers = await Promise.all(Array.from({ length: 6 }, () => postCharge(chargeBody(token), newKey())));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => errorOf(answer).code)).toEqual(
      Array(5).fill("token_already_used"),
    );
    expect(await db().select().from(charges).where(eq(charges.tokenId, token))).toHaveLength(1);
  });
});

/** The body first sent under a key, rebuilt from the recorded charge (token included). */
async function answerBodyOf(key: string): Promise<string> {
  const [row] = await db().select().from(charges).where(eq(charges.idempotencyKey, key));
  return JSON.stringify(
    chargeBody(row!.tokenId, {
      amount: row!.amount,
      currency: row!.currency,
      description: row!.description,
      merchant_reference: row!.merchantReference,
    }),
  );
}
