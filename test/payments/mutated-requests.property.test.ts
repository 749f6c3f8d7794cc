import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paymentsErrorBodySchema } from "@/lib/payments-contract/contract";
import { marker, mutated, mutations, type Json } from "@/test/support/mutations";
import type { RouteAnswer } from "@/test/support/call-route";
import {
  cardBody,
  chargeBody,
  postCharge,
  postRefund,
  postToken,
  testCards,
  tokenOf,
} from "@/test/support/payments-requests";
import { setupTestDatabase } from "@/test/support/test-database";

/**
 * The payments sandbox's own API, sent valid requests broken in one to three
 * places (test/support/mutations.ts): a success or its one error shape,
 * never a 5xx, never the sender's text repeated.
 */
setupTestDatabase();
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let keys = 0;
const newKey = () => `mutated-${Date.now()}-${(keys += 1)}`;

function expectHandled(answer: RouteAnswer, successes: number[]): void {
  expect(answer.status, answer.text).toBeLessThan(500);
  if (successes.includes(answer.status)) return;
  paymentsErrorBodySchema.strict().parse(answer.json);
  expect(answer.text).not.toContain(marker);
}

describe("mutated requests to the payments sandbox: its own answer, never a 5xx", () => {
  it("POST /v1/tokens", async () => {
    const body = cardBody(testCards.APPROVED) as Json;
    expect((await postToken(body)).status).toBe(201);
    await fc.assert(
      fc.asyncProperty(mutations, async (changes) => {
        expectHandled(await postToken(mutated(body, changes)), [201]);
      }),
      { numRuns: RUNS },
    );
  });

  it("POST /v1/charges", async () => {
    const body = chargeBody(await tokenOf(testCards.APPROVED)) as Json;
    await fc.assert(
      fc.asyncProperty(mutations, async (changes) => {
        // A declined or failed charge is a 402 or 502 with the recorded charge: not reachable from an approved token.
        expectHandled(await postCharge(mutated(body, changes), newKey()), [201]);
      }),
      { numRuns: RUNS },
    );
  });

  it("POST /v1/charges/{id}/refunds", async () => {
    const charge = await postCharge(chargeBody(await tokenOf(testCards.APPROVED), { amount: 1_000_000 }), newKey());
    expect(charge.status, charge.text).toBe(201);
    const chargeId = (charge.json as { id: string }).id;
    const body: Json = { reason: "requested_by_customer" };
    await fc.assert(
      fc.asyncProperty(mutations, async (changes) => {
        expectHandled(await postRefund(chargeId, newKey(), mutated(body, changes)), [201]);
      }),
      { numRuns: RUNS },
    );
  });
});
