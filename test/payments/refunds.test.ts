import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chargeSchema, refundSchema } from "@/lib/payments-contract/contract";
import { refunds } from "@/server/payments/db/schema";
import {
  chargeBody,
  errorOf,
  lookUpCharge,
  postCharge,
  postRefund,
  publishableAuth,
  testCards,
  tokenOf,
} from "@/test/support/payments-requests";
import { setupTestDatabase } from "@/test/support/test-database";

const { db } = setupTestDatabase();

let keys = 0;
const newKey = () => `refund-test-${Date.now()}-${(keys += 1)}`;

/** A captured charge and the key it was made under. */
async function capturedCharge(amount = 9000): Promise<{ id: string; key: string }> {
  const key = newKey();
  const answer = await postCharge(chargeBody(await tokenOf(testCards.APPROVED), { amount }), key);
  return { id: (answer.json as { id: string }).id, key };
}

describe("POST /payments-sandbox/v1/charges/{id}/refunds", () => {
  it("refunds a captured charge in full, and the charge then shows it", async () => {
    const charge = await capturedCharge(12345);
    const answer = await postRefund(charge.id, newKey(), { reason: "order_cancelled" });
    expect(answer.status, answer.text).toBe(201);
    const refund = refundSchema.parse(answer.json);
    expect(refund).toMatchObject({
      object: "refund",
      charge: charge.id,
      status: "succeeded",
      amount: 12345,
      currency: "GBP",
      reason: "order_cancelled",
    });
    const after = chargeSchema.parse((await lookUpCharge(`?idempotency_key=${charge.key}`)).json);
    expect(after).toMatchObject({ status: "captured", refunded: true, amount_refunded: 12345, refund: refund.id });
  });

  it("takes no body at all", async () => {
    const charge = await capturedCharge();
    const answer = await postRefund(charge.id, newKey());
    expect(answer.status).toBe(201);
    expect(refundSchema.parse(answer.json).reason).toBeNull();
  });

  it("replays the same key, and refuses a second refund under another key", async () => {
    const charge = await capturedCharge();
    const key = newKey();
    const first = await postRefund(charge.id, key);
    const replay = await postRefund(charge.id, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json).toEqual(first.json);

    const second = await postRefund(charge.id, newKey());
    expect(second.status).toBe(409);
    expect(errorOf(second)).toMatchObject({ type: "invalid_request_error", code: "charge_already_refunded" });
    expect(await db().select().from(refunds).where(eq(refunds.chargeId, charge.id))).toHaveLength(1);
  });

  it("refuses the same key for another charge or another reason (422)", async () => {
    const one = await capturedCharge();
    const two = await capturedCharge();
    const key = newKey();
    await postRefund(one.id, key);
    expect(errorOf(await postRefund(two.id, key)).code).toBe("idempotency_key_reused");
    expect(errorOf(await postRefund(one.id, key, { reason: "duplicate" })).code).toBe("idempotency_key_reused");
  });

  it("refuses to refund a declined or failed charge", async () => {
    const declined = await postCharge(chargeBody(await tokenOf(testCards.DECLINED)), newKey());
    const answer = await postRefund(errorOf(declined).charge!, newKey());
    expect(answer.status).toBe(409);
    expect(errorOf(answer).code).toBe("charge_not_refundable");

    const failed = await postCharge(chargeBody(await tokenOf(testCards.PROCESSING_ERROR)), newKey());
    expect(errorOf(await postRefund(errorOf(failed).charge!, newKey())).code).toBe("charge_not_refundable");
  });

  it("answers 404 for an unknown or malformed charge id, without repeating it", async () => {
    const unknown = await postRefund("ch_000000000000000000000000", newKey());
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe("charge_not_found");
    const malformed = await postRefund("<b>x</b>", newKey());
    expect(malformed.status).toBe(404);
    expect(malformed.text).not.toContain("<b>");
  });

  it("requires the secret key, an Idempotency-Key and a known reason", async () => {
    const charge = await capturedCharge();
    expect((await postRefund(charge.id, newKey(), undefined, publishableAuth())).status).toBe(401);
    expect(errorOf(await postRefund(charge.id, undefined)).code).toBe("idempotency_key_missing");
    const reason = await postRefund(charge.id, newKey(), { reason: "because" });
    expect(reason.status).toBe(400);
    expect(errorOf(reason)).toMatchObject({ code: "parameter_invalid", param: "reason" });
    expect(reason.text).not.toContain("because");
  });

  it("lets only one of several refunds racing under different keys succeed", async () => {
    const charge = await capturedCharge();
    const answers = await Promise.all(Array.from({ length: 6 }, () => postRefund(charge.id, newKey())));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5);
    expect(await db().select().from(refunds).where(eq(refunds.chargeId, charge.id))).toHaveLength(1);
  });

  it("answers racing refunds under one key with one refund", async () => {
    const charge = await capturedCharge();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => postRefund(charge.id, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((answer) => (answer.json as { id: string }).id)).size).toBe(1);
  });
});
