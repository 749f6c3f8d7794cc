import { describe, expect, it } from "vitest";
import * as authorisationsRoute from "@/app/payments-sandbox/v1/authorisations/route";
import * as captureRoute from "@/app/payments-sandbox/v1/authorisations/[authorisationId]/capture/route";
import * as voidRoute from "@/app/payments-sandbox/v1/authorisations/[authorisationId]/void/route";
import { authorisationSchema } from "@/lib/payments-contract/contract";
import { authoriseCard, authorisationLifetimeMs } from "@/server/payments/authorisations/authorise-card";
import { captureAuthorisation } from "@/server/payments/authorisations/capture-authorisation";
import { authorisationView } from "@/server/payments/authorisations/authorisation-view";
import { findAuthorisationById } from "@/server/payments/authorisations/find-authorisation";
import { callRoute, type RouteAnswer } from "@/test/support/call-route";
import {
  chargeBody,
  errorOf,
  postCharge,
  postRefund,
  secretAuth,
  setupTimeoutCardDelay,
  testCards,
  tokenOf,
} from "@/test/support/payments-requests";
import { setupTestDatabase } from "@/test/support/test-database";

const { db } = setupTestDatabase();
setupTimeoutCardDelay(3_000);

let keys = 0;
const newKey = () => `auth-test-${Date.now()}-${(keys += 1)}`;
const json = { "Content-Type": "application/json" };

function authorise(body: unknown, key: string): Promise<RouteAnswer> {
  return callRoute(authorisationsRoute, {
    method: "POST",
    url: "/payments-sandbox/v1/authorisations",
    headers: { ...json, ...secretAuth(), "Idempotency-Key": key },
    body: JSON.stringify(body),
  });
}

function lookUp(key: string): Promise<RouteAnswer> {
  return callRoute(authorisationsRoute, {
    method: "GET",
    url: `/payments-sandbox/v1/authorisations?idempotency_key=${encodeURIComponent(key)}`,
    headers: secretAuth(),
  });
}

function capture(id: string, key: string, body?: unknown): Promise<RouteAnswer> {
  return callRoute(captureRoute, {
    method: "POST",
    url: `/payments-sandbox/v1/authorisations/${id}/capture`,
    params: { authorisationId: id },
    headers: { ...(body === undefined ? {} : json), ...secretAuth(), "Idempotency-Key": key },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function release(id: string, key: string): Promise<RouteAnswer> {
  return callRoute(voidRoute, {
    method: "POST",
    url: `/payments-sandbox/v1/authorisations/${id}/void`,
    params: { authorisationId: id },
    headers: { ...secretAuth(), "Idempotency-Key": key },
  });
}

async function heldAuthorisation(card: keyof typeof testCards = "APPROVED") {
  const key = newKey();
  const answer = await authorise(chargeBody(await tokenOf(testCards[card])), key);
  expect(answer.status, answer.text).toBe(201);
  return { key, authorisation: authorisationSchema.parse(answer.json) };
}

describe("authorisations (manual capture)", () => {
  it("holds the amount, then captures it once: 201 authorised, 200 captured, the same key replays", async () => {
    const { key, authorisation } = await heldAuthorisation();
    expect(authorisation).toMatchObject({ status: "authorised", amount: 9000, amount_captured: 0, failure_code: null });
    const captureKey = newKey();
    const captured = await capture(authorisation.id, captureKey);
    expect(captured.status, captured.text).toBe(200);
    expect(authorisationSchema.parse(captured.json)).toMatchObject({ status: "captured", amount_captured: 9000 });
    const again = await capture(authorisation.id, captureKey);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const otherKey = await capture(authorisation.id, newKey());
    expect(otherKey.status).toBe(409);
    expect(errorOf(otherKey).code).toBe("authorisation_already_captured");
    const voided = await release(authorisation.id, newKey());
    expect(errorOf(voided).code).toBe("authorisation_already_captured");
    const chargeId = authorisationSchema.parse(captured.json).charge;
    expect(chargeId).toMatch(/^ch_/);
    const refunded = await postRefund(chargeId!, newKey());
    expect(refunded.status, refunded.text).toBe(201);
    expect(refunded.json).toMatchObject({ amount: 9000, charge: chargeId });
    for (const lookupKey of [key, captureKey]) {
      const found = await lookUp(lookupKey);
      expect(found.status).toBe(200);
      expect(authorisationSchema.parse(found.json)).toMatchObject({ id: authorisation.id, status: "captured" });
    }
  });

  it("captures at most the authorised amount, and a part of it when asked", async () => {
    const { authorisation } = await heldAuthorisation();
    const tooMuch = await capture(authorisation.id, newKey(), { amount: 9001 });
    expect(tooMuch.status).toBe(400);
    expect(errorOf(tooMuch)).toMatchObject({ code: "capture_amount_too_large", param: "amount" });
    const part = await capture(authorisation.id, newKey(), { amount: 5000 });
    expect(part.status).toBe(200);
    expect(authorisationSchema.parse(part.json)).toMatchObject({ status: "captured", amount_captured: 5000 });
  });

  it("answers a capture with the authorisation as stored after it, every capture of it counted", async () => {
    const { authorisation } = await heldAuthorisation();
    const captured = await captureAuthorisation(db(), authorisation.id, { amount: 4000 }, newKey());
    const stored = await findAuthorisationById(db(), authorisation.id);
    expect(captured.record).toEqual(stored);
    expect(captured.record.captures.map((row) => row.id)).toEqual([captured.capture.id]);
    expect(authorisationView(captured.record)).toMatchObject({ status: "captured", amount_captured: 4000 });
  });

  it("voids a hold: nothing can be captured afterwards, the void's key replays and finds it", async () => {
    const { authorisation } = await heldAuthorisation();
    const voidKey = newKey();
    const voided = await release(authorisation.id, voidKey);
    expect(voided.status, voided.text).toBe(200);
    expect(authorisationSchema.parse(voided.json).status).toBe("voided");
    expect((await release(authorisation.id, voidKey)).headers.get("idempotent-replayed")).toBe("true");
    const late = await capture(authorisation.id, newKey());
    expect(late.status).toBe(409);
    expect(errorOf(late).code).toBe("authorisation_voided");
    expect(authorisationSchema.parse((await lookUp(voidKey)).json).status).toBe("voided");
  });

  it.each([
    ["DECLINED", 402, "card_declined"],
    ["DECLINED_INSUFFICIENT_FUNDS", 402, "insufficient_funds"],
    ["PROCESSING_ERROR", 502, "processing_error"],
  ] as const)("%s: nothing held, the refusal names the recorded authorisation", async (card, status, code) => {
    const key = newKey();
    const answer = await authorise(chargeBody(await tokenOf(testCards[card])), key);
    expect(answer.status).toBe(status);
    const error = errorOf(answer) as { code: string; authorisation?: string };
    expect(error.code).toBe(code);
    expect(error.authorisation).toMatch(/^auth_/);
    const found = authorisationSchema.parse((await lookUp(key)).json);
    expect(found).toMatchObject({ status: code === "processing_error" ? "failed" : "declined", failure_code: code });
    expect(errorOf(await capture(found.id, newKey())).code).toBe("authorisation_not_capturable");
  });

  it("CAPTURE_FAILS: authorised, every capture fails (402, replayed as such), and it can still be voided", async () => {
    const { authorisation } = await heldAuthorisation("CAPTURE_FAILS");
    const key = newKey();
    const first = await capture(authorisation.id, key);
    expect(first.status).toBe(402);
    expect(errorOf(first)).toMatchObject({ type: "card_error", code: "capture_failed" });
    const replay = await capture(authorisation.id, key);
    expect(replay.status).toBe(402);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await capture(authorisation.id, newKey())).status).toBe(402);
    const found = authorisationSchema.parse((await lookUp(key)).json);
    expect(found).toMatchObject({ status: "authorised", amount_captured: 0, failure_code: "capture_failed" });
    expect(authorisationSchema.parse((await release(authorisation.id, newKey())).json).status).toBe("voided");
  });

  it("the timeout card: held at once, answered late; the lookup tells before the answer comes", async () => {
    const key = newKey();
    let answered = false;
    const slow = authorise(chargeBody(await tokenOf(testCards.TIMEOUT_UNKNOWN_OUTCOME)), key).finally(() => {
      answered = true;
    });
    let found: RouteAnswer | undefined;
    // Asked again until the hold shows, however slow the machine is to record it; no lookup is made once the
    // answer has come, so the hold must show before it.
    while (!answered) {
      found = await lookUp(key);
      if (found.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(found?.status).toBe(200);
    expect(authorisationSchema.parse(found!.json).status).toBe("authorised");
    expect((await slow).status).toBe(201);
  });

  it("a token pays once: a charged token cannot be authorised, nor an authorised one charged", async () => {
    const token = await tokenOf(testCards.APPROVED);
    expect((await postCharge(chargeBody(token), newKey())).status).toBe(201);
    expect(errorOf(await authorise(chargeBody(token), newKey())).code).toBe("token_already_used");
    const other = await tokenOf(testCards.APPROVED);
    expect((await authorise(chargeBody(other), newKey())).status).toBe(201);
    expect(errorOf(await postCharge(chargeBody(other), newKey())).code).toBe("token_already_used");
  });

  it("the same key with another body is refused (422); an unknown key or id is 404", async () => {
    const { key } = await heldAuthorisation();
    const reused = await authorise(chargeBody(await tokenOf(testCards.APPROVED), { amount: 1 }), key);
    expect(reused.status).toBe(422);
    expect(errorOf(await lookUp("no-such-key")).code).toBe("authorisation_not_found");
    expect((await capture("auth_000000000000000000000000", newKey())).status).toBe(404);
  });

  it("a hold neither captured nor voided expires: then it cannot be captured", async () => {
    const token = await tokenOf(testCards.APPROVED);
    const made = await authoriseCard(
      db(),
      { token, amount: 500, currency: "GBP", description: "x", merchant_reference: "r" },
      newKey(),
    );
    const later = new Date(Date.now() + authorisationLifetimeMs + 1_000);
    expect(authorisationView(made, later).status).toBe("expired");
    await expect(captureAuthorisation(db(), made.authorisation.id, {}, newKey(), later)).rejects.toMatchObject({
      code: "authorisation_expired",
    });
    const record = await findAuthorisationById(db(), made.authorisation.id);
    expect(record?.captures).toHaveLength(0);
  });
});
