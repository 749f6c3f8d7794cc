import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registerAccount as registrationRoute } from "@/server/loyalty/operations/register-account";
import { membershipResource as membershipRoute } from "@/server/loyalty/operations/update-membership";
import { retrieveProductPrices as pricingRoute } from "@/server/loyalty/operations/retrieve-product-prices";
import { errorBodySchema, wrappedErrorBodySchema, type ErrorShape } from "@/lib/contract/error-body";
import { accountState } from "../support/account-state";
import { callRoute, withKey, type RouteAnswer } from "../support/call-route";
import { creditBody, debitBody, postCredit, postDebit, postReversal, reversalBody } from "../support/ledger-requests";
import { issueMemberToken } from "../support/member-tokens";
import { marker, mutated, mutations, type Json } from "../support/mutations";
import { setupTestDatabase } from "../support/test-database";
import { flightPricingBody } from "../support/pricing-bodies";

/**
 * Valid requests of every JSON operation, each broken in one to three places
 * (a value replaced by a hostile or random one, a key removed, a key added):
 * the requests a partner's half-finished integration or an attacker sends.
 * Random bodies (in each operation's own tests) rarely get past the first
 * check; these reach every rule. Whatever the mutation, the answer is the
 * operation's success or an error in its own shape, never a 5xx, and an
 * error never repeats what was sent.
 */
const database = setupTestDatabase();
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const member1 = "3081000000000001";
/** A success of the operation, or its error resource, in its shape, without the sender's text. */
function expectHandled(answer: RouteAnswer, shape: ErrorShape, successes: number[]): void {
  expect(answer.status, answer.text).toBeLessThan(500);
  if (successes.includes(answer.status)) return;
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  (shape === "flat" ? errorBodySchema : wrappedErrorBodySchema).strict().parse(answer.json);
  expect(answer.text).not.toContain(marker);
}

async function expectConsistentAccount(membership: string): Promise<void> {
  const state = await accountState(database.db(), membership);
  expect(state.journalSum).toBe(state.balance);
  expect(state.balance).toBeGreaterThanOrEqual(0n);
}

describe("mutated bodies of every JSON operation: an answer in the operation's shape, never a 5xx", () => {
  it("P4 credit", async () => {
    // The body before any mutation is a success, so the mutations start from a request that gets through.
    expect((await postCredit({ account: member1, body: creditBody() })).status).toBe(201);
    await fc.assert(
      fc.asyncProperty(mutations, async (changes) => {
        const body = mutated(creditBody() as Json, changes);
        expectHandled(await postCredit({ account: member1, body }), "flat", [201]);
      }),
      { numRuns: RUNS },
    );
    await expectConsistentAccount(member1);
  });

  it("P5 debit", async () => {
    const token = await issueMemberToken(database.db(), member1);
    expect((await postDebit({ account: member1, token, body: debitBody() })).status).toBe(201);
    await fc.assert(
      fc.asyncProperty(mutations, async (changes) => {
        const body = mutated(debitBody() as Json, changes);
        expectHandled(await postDebit({ account: member1, token, body }), "wrapped", [201]);
      }),
      { numRuns: RUNS },
    );
    await expectConsistentAccount(member1);
  });

  it("P6 reverse", async () => {
    const token = await issueMemberToken(database.db(), member1, { scope: "read reverse_transaction" });
    const debit = await postDebit({ account: member1, token, body: debitBody() });
    expect(debit.status, debit.text).toBe(201);
    const identifier = (debit.json as { debitTransaction: { identifier: string } }).debitTransaction.identifier;
    await fc.assert(
      fc.asyncProperty(mutations, async (changes) => {
        const body = mutated(reversalBody(identifier) as Json, changes);
        expectHandled(await postReversal({ account: member1, token, body }), "wrapped", [201]);
      }),
      { numRuns: RUNS },
    );
    await expectConsistentAccount(member1);
  });

  it("P7 register", async () => {
    const body: Json = {
      member: {
        securityProfile: {
          credentials: { identifier: "fuzz.member", password: "Secret#2026" },
          securityResponses: [
            { questionIdentifier: "1", response: "Fluffy the cat" },
            { questionIdentifier: "7", response: "Malaga" },
          ],
        },
        postalAddress: { postCode: "SW1A1AA" },
      },
    };
    await fc.assert(
      fc.asyncProperty(mutations, async (changes) => {
        const answer = await callRoute(registrationRoute, {
          method: "POST",
          url: withKey("/api/v2/memberships/3081000000000003/registrations"),
          params: { version: "v2", membershipIdentifier: "3081000000000003" },
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(mutated(body, changes)),
        });
        expectHandled(answer, "wrapped", [201]);
      }),
      { numRuns: RUNS },
    );
  });

  it("P8 update membership", async () => {
    const membership = "3081000000000004";
    const token = await issueMemberToken(database.db(), membership);
    const body: Json = {
      member: {
        person: {
          name: { title: "Ms" },
          preferredPostalAddress: {
            type: "PERSONAL",
            addressLines: ["1 Jan Smuts Avenue"],
            countryCode: "ZA",
            postCode: "2196",
          },
          emailAddresses: { preferredEmailAddress: { emailAddress: "fuzz@example.com" } },
        },
        marketingPreference: [{ campaignType: "TRAVEL_OFFERS", communicationChannel: "POSTAL", indicator: "Y" }],
        contactPreference: [{ communicationChannel: "EMAIL", indicator: "Y" }],
      },
    };
    const patch = (sent: Json) =>
      callRoute(membershipRoute, {
        method: "PATCH",
        url: withKey(`/api/v3/memberships/${membership}`),
        params: { version: "v3", membershipIdentifier: membership },
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify(sent),
      });
    const unchanged = await patch(body);
    expect(unchanged.status, unchanged.text).toBe(204);
    await fc.assert(
      fc.asyncProperty(mutations, async (changes) => {
        expectHandled(await patch(mutated(body, changes)), "flat", [204]);
      }),
      { numRuns: RUNS },
    );
  });

  it("P9 product pricing", async () => {
    const body: Json = flightPricingBody(new Date(Date.now() + 30 * 86_400_000));
    const price = (sent: Json) =>
      callRoute(pricingRoute, {
        method: "POST",
        url: withKey("/api/v2/product-prices"),
        params: { version: "v2" },
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(sent),
      });
    const unchanged = await price(body);
    expect(unchanged.status, unchanged.text).toBe(200);
    await fc.assert(
      fc.asyncProperty(mutations, async (changes) => {
        expectHandled(await price(mutated(body, changes)), "wrapped", [200]);
      }),
      { numRuns: RUNS },
    );
  });
});
