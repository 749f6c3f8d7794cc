import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { crashOnceAt, SimulatedCrash } from "@/server/portal/checkout/fault-switch";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { runOnce } from "@/server/portal/checkout/recovery/run-once";
import { orders } from "@/server/portal/db/schema";
import {
  checkoutHarness,
  memberToken,
  orderFacts,
  quoteFor,
  shopperNumber,
  testCards,
  tokenisedCard,
} from "../support/checkout-harness";
import { setupTestDatabase, testDatabaseKind } from "../support/test-database";

process.env.NEXTAUTH_SECRET ??= "checkout-test-secret-of-at-least-thirty-two-characters";

const { db } = setupTestDatabase();
const harness = checkoutHarness(db);
const option = { points: 2_000, cashMinor: 6_000 };

/** An order left in `priced` with its card held, as a process that stopped after the processor answered leaves it. */
async function orderHeldByACrash(): Promise<string> {
  const checkoutKey = randomUUID();
  await expect(
    placeOrder(
      {
        member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
        quoteId: await quoteFor(db(), option),
        optionId: "0",
        card: await tokenisedCard(testCards.APPROVED),
        checkoutKey,
      },
      harness.deps({ faults: crashOnceAt((point) => point === "call:authorise") }),
    ),
  ).rejects.toThrow(SimulatedCrash);
  const [row] = await db().select({ id: orders.id }).from(orders).where(eq(orders.checkoutKey, checkoutKey));
  return row!.id;
}

describe(`the recovery worker told to stop mid-pass (${testDatabaseKind()})`, () => {
  it("finishes the step under way, gives the order back due at once, claims no other, and a later pass settles all", async () => {
    const ids = [await orderHeldByACrash(), await orderHeldByACrash(), await orderHeldByACrash()];
    const rowsOf = async () =>
      new Map((await db().select().from(orders).where(inArray(orders.id, ids))).map((row) => [row.id, row]));
    const before = await rowsOf();
    // Every crashed lease has lapsed by this clock.
    const at = new Date(Date.now() + 10 * 60_000);
    const stopping = new AbortController();
    // The process is told to stop while the worker asks the processor about the first order's authorisation.
    const payments = {
      ...harness.payments,
      findAuthorisationByIdempotencyKey: (
        ...args: Parameters<typeof harness.payments.findAuthorisationByIdempotencyKey>
      ) => {
        stopping.abort();
        return harness.payments.findAuthorisationByIdempotencyKey(...args);
      },
    };

    const report = await runOnce({ ...harness.deps({ now: () => at, payments }), signal: stopping.signal });
    expect(report).toEqual({ claimed: 1, settled: 0, waiting: 1, lost: 0 });

    const after = await rowsOf();
    const [taken, ...untouched] = ids.filter((id) => after.get(id)!.attempts !== before.get(id)!.attempts);
    expect(untouched).toEqual([]);
    const order = after.get(taken!)!;
    // The step under way (the authorisation found held) was recorded; the debit, the next step, was not taken.
    expect(order.state).toBe("card_authorised");
    expect(order.debitTransactionId).toBeNull();
    // The lease is given back and the order is due at once, for another instance or the next start.
    expect(order.leaseToken).toBeNull();
    expect(order.lockedUntil).toBeNull();
    expect(order.nextAttemptAt).toEqual(at);
    for (const id of ids.filter((id) => id !== taken)) {
      expect(after.get(id)).toMatchObject({ state: "priced", attempts: before.get(id)!.attempts });
    }

    // The next start's worker settles every order, each once.
    for (let pass = 0; pass < 5; pass += 1) {
      if ((await runOnce(harness.deps({ now: () => at }))).claimed === 0) break;
    }
    for (const id of ids) {
      const facts = await orderFacts(db(), id);
      expect(facts.order.state).toBe("completed");
      expect(facts.debits).toHaveLength(1);
      expect(facts.openHolds).toBe(0);
      expect(facts.pointsKept).toBe(option.points);
      expect(facts.cashKept).toBe(option.cashMinor);
    }
  });
});
