import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cancelOrder } from "@/server/portal/checkout/cancel-order";
import { crashOnceAt, SimulatedCrash, type FaultPoint } from "@/server/portal/checkout/fault-switch";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { runOnce } from "@/server/portal/checkout/recovery/run-once";
import { orders } from "@/server/portal/db/schema";
import { accountState } from "../support/account-state";
import {
  afterLeases,
  checkoutHarness,
  memberToken,
  optionIdFor,
  orderFacts,
  quoteFor,
  shopperNumber,
  testCards,
  tokenisedCard,
} from "../support/checkout-harness";
import { paymentsClientTimeoutMs, setupTimeoutCardDelay, timeoutCardDelayMs } from "../support/payments-requests";
import { setupTestDatabase } from "../support/test-database";

process.env.NEXTAUTH_SECRET ??= "checkout-test-secret-of-at-least-thirty-two-characters";

const { db } = setupTestDatabase();
setupTimeoutCardDelay(timeoutCardDelayMs);
const harness = checkoutHarness(db, { paymentsTimeoutMs: paymentsClientTimeoutMs });

/** Every point where the saga can stop; one not on an order's path means no crash for it. */
const faultPoints: (FaultPoint | null)[] = [
  null,
  "state:priced",
  "call:authorise",
  "call:authorise-lookup",
  "state:card_authorised",
  "state:declined",
  "call:debit",
  "state:points_debited",
  "state:capturing",
  "call:capture",
  "state:voiding",
  "call:void",
  "state:completed",
  "state:reversing",
  "call:reverse",
  "state:points_returned",
  "state:cancelling",
  "event:points_reversed",
  "call:refund",
  "event:card_refunded",
  "state:cancelled",
];

const orderArbitrary = fc.record({
  // Points 0 is the all-cash option (the product's price); otherwise cash 0 is an all-points option.
  points: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000 })),
  cashMinor: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 17_999 })),
  card: fc.constantFrom(...(Object.keys(testCards) as (keyof typeof testCards)[])),
  crashPlacing: fc.constantFrom(...faultPoints),
  crashWorker: fc.constantFrom(...faultPoints),
  cancel: fc.boolean(),
  crashCancelling: fc.constantFrom(...faultPoints),
});

const crashAt = (point: FaultPoint | null) => crashOnceAt((reached) => reached === point);

/** Runs the worker (with one crash, maybe), then a clean one, each after the leases before it lapsed. */
async function recover(crash: FaultPoint | null, clock: { ms: number }) {
  try {
    clock.ms += 60_000;
    await runOnce(harness.deps({ now: afterLeases(clock.ms), faults: crashAt(crash) }));
  } catch (error) {
    if (!(error instanceof SimulatedCrash)) throw error;
  }
  for (let pass = 0; pass < 6; pass += 1) {
    clock.ms += 10 * 60_000;
    if ((await runOnce(harness.deps({ now: afterLeases(clock.ms) }))).claimed === 0) return;
  }
}

describe("the saga, property: points kept exactly when the cash was kept", () => {
  it("holds for random orders, cards, cancellations and crash points, order by order and in the ledger", async () => {
    const opening = (await accountState(db(), shopperNumber)).balance;
    const placed: string[] = [];

    await fc.assert(
      fc.asyncProperty(orderArbitrary, async (scenario) => {
        // Each order's workers run ever later than its own placing, never near its reversal deadline.
        const clock = { ms: 0 };
        const option = { points: scenario.points, cashMinor: scenario.points === 0 ? 18_000 : scenario.cashMinor };
        const checkoutKey = randomUUID();
        const input = {
          member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
          quoteId: await quoteFor(db(), option),
          optionId: optionIdFor(option),
          card: option.cashMinor > 0 ? await tokenisedCard(testCards[scenario.card]) : undefined,
          checkoutKey,
        };
        await placeOrder(input, harness.deps({ faults: crashAt(scenario.crashPlacing) })).catch((error: unknown) => {
          if (!(error instanceof SimulatedCrash)) throw error;
        });
        await recover(scenario.crashWorker, clock);
        const [row] = await db().select().from(orders).where(eq(orders.checkoutKey, checkoutKey));
        expect(row).toBeDefined();
        placed.push(row!.id);

        if (scenario.cancel && row!.state === "completed") {
          await cancelOrder(
            { orderId: row!.id, actor: { kind: "member", membershipNumber: shopperNumber } },
            harness.deps({ now: afterLeases(clock.ms), faults: crashAt(scenario.crashCancelling) }),
          ).catch((error: unknown) => {
            if (!(error instanceof SimulatedCrash)) throw error;
          });
          await recover(null, clock);
        }

        const facts = await orderFacts(db(), row!.id);
        expect(["completed", "points_returned", "cancelled", "declined"]).toContain(facts.order.state);
        const kept = facts.order.state === "completed";
        // Points debited minus points returned: the order's points exactly when its cash was captured (or none was due).
        expect(facts.pointsKept).toBe(kept ? facts.order.points : 0);
        expect(facts.cashKept).toBe(kept ? facts.order.cashMinor : 0);
        expect(facts.debits.length).toBeLessThanOrEqual(1);
        expect(facts.reversals.length).toBeLessThanOrEqual(1);
        expect(facts.charges.length).toBeLessThanOrEqual(1);
        // The card part: held before any point moved, then captured exactly when the order was kept; no hold left open.
        expect(facts.openHolds).toBe(0);
        expect(facts.authorisations).toHaveLength(option.cashMinor > 0 ? 1 : 0);
        expect(facts.successfulCaptures).toHaveLength(
          option.cashMinor > 0 && (kept || facts.refunds.length > 0) ? 1 : 0,
        );
        if (facts.order.state === "declined") expect(facts.debits).toHaveLength(0);
      }),
      { numRuns: 100 },
    );

    expect(placed.length).toBeGreaterThanOrEqual(100);
    let pointsOfKeptOrders = 0n;
    for (const id of placed) {
      const facts = await orderFacts(db(), id);
      if (facts.cashKept > 0 || (facts.order.cashMinor === 0 && facts.order.state === "completed")) {
        pointsOfKeptOrders += BigInt(facts.order.points);
      }
    }
    const ledger = await accountState(db(), shopperNumber);
    expect(ledger.balance).toBe(opening - pointsOfKeptOrders);
    expect(ledger.journalSum).toBe(ledger.balance);
    // A hundred checkouts with crashes and recoveries: CPU-bound on PGlite, so slow when another file shares the core.
  }, 240_000);
});
