import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsClient } from "@/lib/payments-client/payments-client";
import { tokeniseCard } from "@/lib/payments-client/tokenise-card";
import { env } from "@/server/config/env";
import { testCards, validCard } from "@/test/support/payment-cards";
import { startApp, type RunningApp } from "@/test/support/start-app";

describe("the server's logs", () => {
  let app: RunningApp;

  beforeAll(async () => {
    // The most verbose level: whatever the app logs, the card number must not be in it. The timeout card
    // answers well after the impatient client gives up. Every other card is charged by a patient client: under
    // one short limit for all, an ordinary charge could time out on a busy machine (at 500 ms it sometimes did),
    // and then no refund was made to log.
    app = await startApp({
      LOG_LEVEL: "trace",
      PAYMENTS_TIMEOUT_MS: "1500",
      PAYMENTS_SANDBOX_TIMEOUT_DELAY_MS: "3000",
    });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("never hold a full card number, refused or tokenised, charged or refunded", async () => {
    const baseUrl = `${app.origin}/payments-sandbox`;
    const patient = createPaymentsClient({ baseUrl, secretKey: env().PAYMENTS_SECRET_KEY, timeoutMs: 20_000 });
    const impatient = createPaymentsClient({ baseUrl, secretKey: env().PAYMENTS_SECRET_KEY, timeoutMs: 1_500 });
    const numbers = [...Object.values(testCards), "4111111111111111", "4242424242424241"];
    for (const [index, number] of numbers.entries()) {
      const outcome = await tokeniseCard(env().PAYMENTS_PUBLISHABLE_KEY, validCard(number), { baseUrl });
      if (outcome.kind !== "tokenised") continue;
      const client = number === testCards.TIMEOUT_UNKNOWN_OUTCOME ? impatient : patient;
      const charged = await client.charge(
        {
          token: outcome.token.token,
          amount: 100,
          currency: "GBP",
          description: "log test",
          merchant_reference: `o-${index}`,
        },
        { idempotencyKey: `log-${index}` },
      );
      if (charged.kind === "captured")
        await client.refund(charged.charge.id, { idempotencyKey: `log-refund-${index}` });
    }
    // A body the server cannot parse either.
    await fetch(`${baseUrl}/v1/tokens`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env().PAYMENTS_PUBLISHABLE_KEY}`, "Content-Type": "application/json" },
      body: `{"number": "${testCards.APPROVED}", `,
    });
    await app.stop();

    const output = app.output();
    // The log lines of these requests are there, so their absence of numbers means something.
    const requestLines = output.split("\n").filter((line) => line.includes('"msg":"payments request"'));
    expect(requestLines.filter((line) => line.includes('"operation":"create-token"'))).toHaveLength(numbers.length + 1);
    expect(requestLines.some((line) => line.includes('"operation":"create-refund"'))).toBe(true);
    expect(output).not.toContain("unexpected error");
    for (const number of numbers) {
      expect(output).not.toContain(number);
      expect(output).not.toContain(number.slice(0, 12));
    }
  });
});
