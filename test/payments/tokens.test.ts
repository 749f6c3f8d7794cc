import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as tokensRoute from "@/app/payments-sandbox/v1/tokens/route";
import { cardTokenSchema } from "@/lib/payments-contract/contract";
import { cardTokens } from "@/server/payments/db/schema";
import { callRoute } from "@/test/support/call-route";
import {
  cardBody,
  errorOf,
  nextYear,
  postToken,
  publishableAuth,
  secretAuth,
  testCards,
} from "@/test/support/payments-requests";
import { setupTestDatabase } from "@/test/support/test-database";

const { db } = setupTestDatabase();

describe("POST /payments-sandbox/v1/tokens", () => {
  it.each(Object.entries(testCards))(
    "tokenises the %s test card: a token, the brand and the last four digits",
    async (_, number) => {
      const answer = await postToken(cardBody(number));
      expect(answer.status, answer.text).toBe(201);
      const token = cardTokenSchema.parse(answer.json);
      expect(token).toMatchObject({
        object: "token",
        brand: "visa",
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: nextYear,
      });
      expect(Date.parse(token.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(answer.text).not.toContain(number);
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    },
  );

  it("gives a different random token for each tokenisation of the same card", async () => {
    const first = (await postToken(cardBody(testCards.APPROVED))).json as { token: string };
    const second = (await postToken(cardBody(testCards.APPROVED))).json as { token: string };
    expect(first.token).toMatch(/^tok_[A-Za-z0-9]{24}$/);
    expect(second.token).not.toBe(first.token);
  });

  it("keeps brand, last four digits and a keyed fingerprint, never the number", async () => {
    const { token } = (await postToken(cardBody(testCards.DECLINED))).json as { token: string };
    const [row] = await db().select().from(cardTokens).where(eq(cardTokens.id, token));
    expect(row).toMatchObject({ brand: "visa", last4: "0002", testOutcome: "DECLINED" });
    expect(row!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(testCards.DECLINED);
    const again = (await postToken(cardBody(testCards.DECLINED))).json as { token: string };
    const [second] = await db().select().from(cardTokens).where(eq(cardTokens.id, again.token));
    expect(second!.fingerprint).toBe(row!.fingerprint);
  });

  it("refuses a Luhn-valid number that is not a test card, with a card error that does not repeat it", async () => {
    const realLooking = "4111111111111111";
    const answer = await postToken(cardBody(realLooking));
    expect(answer.status).toBe(402);
    expect(errorOf(answer)).toEqual({
      type: "card_error",
      code: "test_card_required",
      param: "number",
      message: "The sandbox accepts only its test cards; no real card can be charged here.",
    });
    expect(answer.text).not.toContain(realLooking);
  });

  it.each([
    ["a number failing the Luhn check", { number: "4242424242424241" }, "invalid_number", "number"],
    ["a number too short", { number: "42424242" }, "invalid_number", "number"],
    ["a number with letters", { number: "4242abcd42424242" }, "invalid_number", "number"],
    ["a month 13", { exp_month: 13 }, "invalid_expiry_month", "exp_month"],
    ["a month as text", { exp_month: "12" }, "invalid_expiry_month", "exp_month"],
    ["a year of two digits", { exp_year: 30 }, "invalid_expiry_year", "exp_year"],
    ["a year more than 20 years ahead", { exp_year: nextYear + 25 }, "invalid_expiry_year", "exp_year"],
    ["an expiry last year", { exp_year: nextYear - 2 }, "expired_card", "exp_month"],
    ["a security code of two digits", { cvc: "12" }, "invalid_cvc", "cvc"],
    ["a security code of five digits", { cvc: "12345" }, "invalid_cvc", "cvc"],
    ["a name with digits", { name: "Jo 123" }, "invalid_name", "name"],
    ["an empty name", { name: "" }, "invalid_name", "name"],
  ])("refuses %s as a card error on that field", async (_, change, code, param) => {
    const answer = await postToken(cardBody(testCards.APPROVED, change));
    expect(answer.status, answer.text).toBe(402);
    expect(errorOf(answer)).toMatchObject({ type: "card_error", code, param });
  });

  it("refuses an expiry of last month, accepts this month's", async () => {
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const expired = await postToken(
      cardBody(testCards.APPROVED, { exp_month: lastMonth.getUTCMonth() + 1, exp_year: lastMonth.getUTCFullYear() }),
    );
    expect(errorOf(expired)).toMatchObject({ code: "expired_card", param: "exp_month" });
    const current = await postToken(
      cardBody(testCards.APPROVED, { exp_month: now.getUTCMonth() + 1, exp_year: now.getUTCFullYear() }),
    );
    expect(current.status).toBe(201);
  });

  it("names a missing field", async () => {
    const { cvc: _, ...withoutCvc } = cardBody(testCards.APPROVED);
    const answer = await postToken(withoutCvc);
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ type: "invalid_request_error", code: "parameter_missing", param: "cvc" });
  });

  it("reports the first failing field in the contract's order", async () => {
    const answer = await postToken(cardBody("1234", { cvc: "x" }));
    expect(errorOf(answer)).toMatchObject({ code: "invalid_number", param: "number" });
  });

  it("never echoes what was sent, even hostile text", async () => {
    const hostile = "<script>alert(1)</script>";
    const answer = await postToken(cardBody(testCards.APPROVED, { name: hostile }));
    expect(answer.status).toBe(402);
    expect(answer.text).not.toContain("script");
  });

  it.each([
    ["no key", {}],
    ["the secret key", secretAuth()],
    ["a wrong key", { Authorization: "Bearer pk_sandbox_wrongwrongwrongwrong" }],
    ["a key without Bearer", { Authorization: "pk_sandbox_9TbQ4fXc2LmW7rZp5HkD3sNv" }],
  ])("refuses %s with 401", async (_, headers) => {
    const answer = await postToken(cardBody(testCards.APPROVED), headers);
    expect(answer.status).toBe(401);
    expect(errorOf(answer)).toMatchObject({ type: "authentication_error", code: "publishable_key_invalid" });
  });

  it("refuses bad bodies in the one error shape, never with a 500", async () => {
    expect(errorOf(await postToken("{not json")).code).toBe("invalid_json");
    expect(errorOf(await postToken("[1,2]")).code).toBe("invalid_json");
    expect(errorOf(await postToken("null")).code).toBe("invalid_json");
    const tooLarge = await postToken(cardBody(testCards.APPROVED, { padding: "x".repeat(9000) }));
    expect(tooLarge.status).toBe(413);
    expect(errorOf(tooLarge).code).toBe("body_too_large");
    const form = await callRoute(tokensRoute, {
      method: "POST",
      url: "/payments-sandbox/v1/tokens",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...publishableAuth() },
      body: "number=4242424242424242",
    });
    expect(form.status).toBe(415);
    expect(errorOf(form).code).toBe("unsupported_media_type");
  });

  it("ignores fields it does not know", async () => {
    const answer = await postToken(cardBody(testCards.APPROVED, { billing_country: "GB" }));
    expect(answer.status).toBe(201);
  });

  it("answers a browser's preflight, and refuses other methods in the error shape", async () => {
    const preflight = await callRoute(tokensRoute, { method: "OPTIONS", url: "/payments-sandbox/v1/tokens" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toBe("Authorization, Content-Type");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");

    const get = await callRoute(tokensRoute, { method: "GET", url: "/payments-sandbox/v1/tokens" });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(errorOf(get).code).toBe("method_not_allowed");
  });
});
