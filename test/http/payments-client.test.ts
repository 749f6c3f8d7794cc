import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPaymentsClient, type PaymentsClient } from "@/lib/payments-client/payments-client";
import { PaymentsApiError, PaymentsUnavailableError } from "@/lib/payments-client/errors";
import { tokeniseCard } from "@/lib/payments-client/tokenise-card";
import { env } from "@/server/config/env";
import { nextYear, testCards, validCard } from "@/test/support/payment-cards";
import { freePort, startApp, type RunningApp } from "@/test/support/start-app";

// The impatient client gives up after a second; the sandbox answers the timeout card after three.
const clientTimeoutMs = 1_000;
// Every other call waits this long: on a busy machine an ordinary charge can take over a second to answer,
// and the impatient client would call its outcome unknown.
const patientTimeoutMs = 20_000;

describe("the payments client against the sandbox's routes, over HTTP", () => {
  let app: RunningApp;
  let client: PaymentsClient;
  let impatient: PaymentsClient;
  let baseUrl: string;
  const publishableKey = env().PAYMENTS_PUBLISHABLE_KEY;
  let keys = 0;
  const newKey = () => `http-${Date.now()}-${(keys += 1)}`;

  beforeAll(async () => {
    app = await startApp({ PAYMENTS_TIMEOUT_MS: String(clientTimeoutMs), PAYMENTS_SANDBOX_TIMEOUT_DELAY_MS: "3000" });
    baseUrl = `${app.origin}/payments-sandbox`;
    client = createPaymentsClient({ baseUrl, secretKey: env().PAYMENTS_SECRET_KEY, timeoutMs: patientTimeoutMs });
    impatient = createPaymentsClient({ baseUrl, secretKey: env().PAYMENTS_SECRET_KEY, timeoutMs: clientTimeoutMs });
  });

  afterAll(async () => {
    await app?.stop();
  });

  async function tokenOf(number: string): Promise<string> {
    const outcome = await tokeniseCard(publishableKey, validCard(number), { baseUrl });
    if (outcome.kind !== "tokenised") throw new Error(`tokenise: ${JSON.stringify(outcome)}`);
    return outcome.token.token;
  }

  const order = (token: string, merchantReference = "order-42") => ({
    token,
    amount: 9000,
    currency: "GBP" as const,
    description: "Flight LHR-MAD",
    merchant_reference: merchantReference,
  });

  it("tokenises a test card with the publishable key: a token, the brand and the last four digits", async () => {
    const outcome = await tokeniseCard(
      publishableKey,
      { number: testCards.APPROVED, exp_month: 12, exp_year: nextYear, cvc: "123", name: "Jo Tester" },
      { baseUrl },
    );
    expect(outcome.kind).toBe("tokenised");
    if (outcome.kind !== "tokenised") return;
    expect(outcome.token).toMatchObject({ brand: "visa", last4: "4242" });
    expect(outcome.token.token).toMatch(/^tok_/);
  });

  it("reports a card the sandbox refuses with the field to blame, and a wrong key without one", async () => {
    const refused = await tokeniseCard(publishableKey, validCard("4111111111111111"), { baseUrl });
    expect(refused).toMatchObject({ kind: "refused", error: { code: "test_card_required", param: "number" } });
    const badKey = await tokeniseCard("pk_sandbox_notthekey0000", validCard(testCards.APPROVED), { baseUrl });
    expect(badKey).toMatchObject({ kind: "refused", error: { type: "authentication_error" } });
  });

  it("captures the approved card, and replays the same outcome for the same key", async () => {
    const key = newKey();
    const request = order(await tokenOf(testCards.APPROVED));
    const first = await client.charge(request, { idempotencyKey: key });
    expect(first).toMatchObject({ kind: "captured", replayed: false, charge: { status: "captured", amount: 9000 } });
    const again = await client.charge(request, { idempotencyKey: key });
    expect(again).toMatchObject({ kind: "captured", replayed: true });
    if (first.kind === "captured" && again.kind === "captured") expect(again.charge.id).toBe(first.charge.id);
  });

  it.each([
    ["DECLINED", "card_declined"],
    ["DECLINED_INSUFFICIENT_FUNDS", "insufficient_funds"],
  ] as const)("reports the %s card as declined with %s", async (card, code) => {
    const key = newKey();
    const outcome = await client.charge(order(await tokenOf(testCards[card])), { idempotencyKey: key });
    expect(outcome).toMatchObject({ kind: "declined", code, replayed: false });
    const recorded = await client.findChargeByIdempotencyKey(key);
    expect(recorded).toMatchObject({ status: "declined", failure_code: code });
    if (outcome.kind === "declined") expect(outcome.chargeId).toBe(recorded?.id);
  });

  it("reports the processing-error card as failed, which a lookup confirms", async () => {
    const key = newKey();
    const outcome = await client.charge(order(await tokenOf(testCards.PROCESSING_ERROR)), { idempotencyKey: key });
    expect(outcome).toMatchObject({ kind: "failed", code: "processing_error" });
    expect(await client.findChargeByIdempotencyKey(key)).toMatchObject({ status: "failed" });
  });

  it("says 'unknown' for the timeout card, and a later lookup says captured", async () => {
    const key = newKey();
    const request = order(await tokenOf(testCards.TIMEOUT_UNKNOWN_OUTCOME), "order-timeout");
    const outcome = await impatient.charge(request, { idempotencyKey: key });
    expect(outcome).toMatchObject({ kind: "unknown", reason: "timeout" });

    // The sandbox records the charge before it waits to answer, but a busy server may record it after the
    // impatient client has given up: the lookup is asked again until it is there.
    const truth = await vi.waitFor(
      async () => {
        const found = await client.findChargeByIdempotencyKey(key);
        expect(found).toMatchObject({ status: "captured", amount: 9000, merchant_reference: "order-timeout" });
        return found;
      },
      { timeout: 20_000, interval: 100 },
    );
    // Retrying the same attempt learns the same truth, without a second charge.
    const retry = await client.charge(request, { idempotencyKey: key });
    expect(retry).toMatchObject({ kind: "captured", replayed: true, charge: { id: truth?.id } });
  });

  it("finds nothing under a key never used", async () => {
    expect(await client.findChargeByIdempotencyKey(newKey())).toBeNull();
  });

  it("reports a token that already paid as failed: no money taken under the new key", async () => {
    const token = await tokenOf(testCards.APPROVED);
    await client.charge(order(token), { idempotencyKey: newKey() });
    const key = newKey();
    expect(await client.charge(order(token), { idempotencyKey: key })).toMatchObject({
      kind: "failed",
      code: "token_already_used",
    });
    expect(await client.findChargeByIdempotencyKey(key)).toBeNull();
  });

  it("refunds a captured charge once; the same key replays, another is refused", async () => {
    const captured = await client.charge(order(await tokenOf(testCards.APPROVED)), { idempotencyKey: newKey() });
    if (captured.kind !== "captured") throw new Error("not captured");
    const key = newKey();
    const refund = await client.refund(captured.charge.id, { idempotencyKey: key, reason: "order_cancelled" });
    expect(refund).toMatchObject({
      kind: "refunded",
      replayed: false,
      refund: { amount: 9000, charge: captured.charge.id },
    });
    expect(await client.refund(captured.charge.id, { idempotencyKey: key, reason: "order_cancelled" })).toMatchObject({
      kind: "refunded",
      replayed: true,
    });
    expect(await client.refund(captured.charge.id, { idempotencyKey: newKey() })).toMatchObject({
      kind: "refused",
      code: "charge_already_refunded",
    });
  });

  it("throws for the caller's own mistakes: a wrong secret key, a key reused with another body", async () => {
    const wrong = createPaymentsClient({ baseUrl, secretKey: "sk_sandbox_notthekey0000", timeoutMs: patientTimeoutMs });
    const token = await tokenOf(testCards.APPROVED);
    const error = await wrong.charge(order(token), { idempotencyKey: newKey() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentsApiError);
    expect(error).toMatchObject({ status: 401, code: "secret_key_invalid" });

    const key = newKey();
    await client.charge(order(token), { idempotencyKey: key });
    const reused = await client
      .charge({ ...order(token), amount: 1 }, { idempotencyKey: key })
      .catch((caught: unknown) => caught);
    expect(reused).toMatchObject({ status: 422, code: "idempotency_key_reused" });
  });

  it("says 'unknown' when the processor cannot be reached, and the lookup throws", async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}/payments-sandbox`;
    const offline = createPaymentsClient({ baseUrl: nowhere, secretKey: "sk_sandbox_x0000000", timeoutMs: 2_000 });
    expect(await offline.charge(order("tok_000000000000000000000000"), { idempotencyKey: newKey() })).toMatchObject({
      kind: "unknown",
      reason: "network",
    });
    await expect(offline.findChargeByIdempotencyKey("k")).rejects.toBeInstanceOf(PaymentsUnavailableError);
    expect(await tokeniseCard(publishableKey, validCard(testCards.APPROVED), { baseUrl: nowhere })).toMatchObject({
      kind: "unavailable",
    });
  });

  it("lets browsers on other origins tokenise (CORS), and answers unknown paths in the error shape", async () => {
    const preflight = await fetch(`${baseUrl}/v1/tokens`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://shop.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");

    const unknown = await fetch(`${baseUrl}/v1/customers`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { type: "invalid_request_error", code: "not_found", message: "No such endpoint in the payments API." },
    });
  });
});
