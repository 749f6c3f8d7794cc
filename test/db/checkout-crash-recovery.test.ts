import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cancelOrder } from "@/server/portal/checkout/cancel-order";
import { crashOnceAt, SimulatedCrash, type FaultPoint } from "@/server/portal/checkout/fault-switch";
import type { OrderState } from "@/lib/checkout/order-states";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { runOnce } from "@/server/portal/checkout/recovery/run-once";
import { eq } from "drizzle-orm";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
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
import { revokeAccessToken } from "../support/member-tokens";
import { cardRequest } from "@/server/portal/checkout/steps/card-request";
import { debitRequest } from "@/server/portal/checkout/steps/debit-request";
import { paymentsClientTimeoutMs, setupTimeoutCardDelay, timeoutCardDelayMs } from "../support/payments-requests";
import { setupTestDatabase } from "../support/test-database";

process.env.NEXTAUTH_SECRET ??= "checkout-test-secret-of-at-least-thirty-two-characters";

const { db } = setupTestDatabase();
setupTimeoutCardDelay(timeoutCardDelayMs);
const harness = checkoutHarness(db, { paymentsTimeoutMs: paymentsClientTimeoutMs });

const balance = async () => (await accountState(db(), shopperNumber)).balance;

/** Runs the worker, as a later process would after the crashed one's lease lapsed, until it finds nothing to do. */
async function recover(clockAheadMs = 10 * 60_000): Promise<number> {
  let passes = 0;
  for (; passes < 8; passes += 1) {
    const report = await runOnce(harness.deps({ now: afterLeases(clockAheadMs * (passes + 1)) }));
    if (report.claimed === 0) break;
  }
  return passes;
}

interface Scenario {
  option: { points: number; cashMinor: number };
  card: keyof typeof testCards | null;
}

/** Places an order that crashes at `point`, and answers its id (the crash left it wherever it was). */
async function crashingCheckout(scenario: Scenario, point: FaultPoint): Promise<string> {
  const key = randomUUID();
  const quoteId = await quoteFor(db(), scenario.option);
  const card = scenario.card ? await tokenisedCard(testCards[scenario.card]) : undefined;
  const faults = crashOnceAt((reached) => reached === point);
  await expect(
    placeOrder(
      {
        member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
        quoteId,
        optionId: optionIdFor(scenario.option),
        card,
        checkoutKey: key,
      },
      harness.deps({ faults }),
    ),
  ).rejects.toThrow(SimulatedCrash);
  expect(faults.crashedAt()).toBe(point);
  return findByKey(key);
}

async function findByKey(checkoutKey: string): Promise<string> {
  const [row] = await db().select({ id: orders.id }).from(orders).where(eq(orders.checkoutKey, checkoutKey));
  if (!row) throw new Error("the crash left no order");
  return row.id;
}

/** What must hold whatever happened: never debited and uncharged, never charged twice, the timeline's end said once. */
async function expectSettled(orderId: string, expected: OrderState) {
  const facts = await orderFacts(db(), orderId);
  expect(facts.order.state).toBe(expected);
  expect(facts.debits.length).toBeLessThanOrEqual(1);
  expect(facts.reversals.length).toBeLessThanOrEqual(1);
  expect(facts.charges.length).toBeLessThanOrEqual(1);
  expect(facts.authorisations.length).toBeLessThanOrEqual(1);
  // No hold is left hanging, and a capture happened exactly when the order kept its cash.
  expect(facts.openHolds).toBe(0);
  expect(facts.successfulCaptures.length).toBeLessThanOrEqual(1);
  const heldCash = facts.authorisations.length > 0;
  if (heldCash && expected === "completed") expect(facts.successfulCaptures).toHaveLength(1);
  if (heldCash && expected !== "completed" && expected !== "cancelled")
    expect(facts.successfulCaptures).toHaveLength(0);
  expect(facts.order.memberToken).toBeNull();
  const cashTaken = facts.cashKept > 0;
  const pointsTaken = facts.pointsKept > 0;
  if (expected === "completed") {
    expect(pointsTaken).toBe(facts.order.points > 0);
    expect(cashTaken).toBe(facts.order.cashMinor > 0);
  } else {
    expect(pointsTaken).toBe(false);
    expect(cashTaken).toBe(false);
  }
  const view = await findMemberOrder(facts.order.membershipNumber, orderId, harness.deps());
  const ends = view!.timeline.filter((entry) => entry.step === expected);
  expect(ends).toHaveLength(1);
  return facts;
}

const approved: Scenario = { option: { points: 3_000, cashMinor: 15_000 }, card: "APPROVED" };
const declined: Scenario = { option: { points: 3_000, cashMinor: 15_000 }, card: "DECLINED" };
const lostAnswer: Scenario = { option: { points: 3_000, cashMinor: 15_000 }, card: "TIMEOUT_UNKNOWN_OUTCOME" };
const cashOnly: Scenario = { option: { points: 0, cashMinor: 18_000 }, card: "APPROVED" };
const captureFails: Scenario = { option: { points: 3_000, cashMinor: 15_000 }, card: "CAPTURE_FAILS" };
const pointsOnly: Scenario = { option: { points: 18_000, cashMinor: 0 }, card: null };

describe("a crash at any step of the saga, then the recovery worker", () => {
  it.each<FaultPoint>([
    "state:priced",
    "call:authorise",
    "state:card_authorised",
    "call:debit",
    "state:points_debited",
    "state:capturing",
    "call:capture",
    "state:completed",
  ])("an approved card, crash at %s: completed, debited once, captured once", async (point) => {
    const before = await balance();
    const orderId = await crashingCheckout(approved, point);
    await recover();
    await expectSettled(orderId, "completed");
    expect(await balance()).toBe(before - 3_000n);
  });

  it.each<FaultPoint>(["state:priced", "call:authorise", "state:declined"])(
    "a declined card, crash at %s: declined, no point ever moved, nothing held",
    async (point) => {
      const before = await balance();
      const orderId = await crashingCheckout(declined, point);
      await recover();
      const facts = await expectSettled(orderId, "declined");
      expect(facts.debits).toHaveLength(0);
      expect(await balance()).toBe(before);
    },
  );

  it.each<FaultPoint>([
    "state:priced",
    "call:authorise",
    "state:card_authorised",
    "call:debit",
    "state:points_debited",
    "state:capturing",
    "call:capture",
    "state:voiding",
    "call:void",
    "state:reversing",
    "call:reverse",
    "state:points_returned",
  ])("a capture that fails, crash at %s: hold voided, points returned once, nothing charged", async (point) => {
    const before = await balance();
    const orderId = await crashingCheckout(captureFails, point);
    await recover();
    const facts = await expectSettled(orderId, "points_returned");
    expect(facts.debits).toHaveLength(1);
    expect(facts.reversals).toHaveLength(1);
    expect(facts.voids).toHaveLength(1);
    expect(await balance()).toBe(before);
  });

  it("a lost authorisation answer, crash at call:authorise: looked up, completed", async () => {
    const before = await balance();
    const orderId = await crashingCheckout(lostAnswer, "call:authorise");
    await recover();
    await expectSettled(orderId, "completed");
    expect(await balance()).toBe(before - 3_000n);
  });

  it("a lost authorisation answer left to the worker, crash at call:authorise-lookup: looked up again, completed", async () => {
    const before = await balance();
    const key = randomUUID();
    const placed = await placeOrder(
      {
        member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
        quoteId: await quoteFor(db(), lostAnswer.option),
        optionId: optionIdFor(lostAnswer.option),
        card: await tokenisedCard(testCards.TIMEOUT_UNKNOWN_OUTCOME),
        checkoutKey: key,
      },
      harness.deps(),
    );
    expect(placed.kind === "placed" && placed.order.state).toBe("priced");
    const faults = crashOnceAt((reached) => reached === "call:authorise-lookup");
    await expect(runOnce(harness.deps({ faults, now: afterLeases(60_000) }))).rejects.toThrow(SimulatedCrash);
    expect(faults.crashedAt()).toBe("call:authorise-lookup");
    const orderId = await findByKey(key);
    await recover();
    await expectSettled(orderId, "completed");
    expect(await balance()).toBe(before - 3_000n);
  });

  it.each<FaultPoint>([
    "state:priced",
    "call:authorise",
    "state:card_authorised",
    "state:capturing",
    "call:capture",
    "state:completed",
  ])("cash only, crash at %s: captured once, no points touched", async (point) => {
    const before = await balance();
    const orderId = await crashingCheckout(cashOnly, point);
    await recover();
    const facts = await expectSettled(orderId, "completed");
    expect(facts.debits).toHaveLength(0);
    expect(await balance()).toBe(before);
  });

  it.each<FaultPoint>(["state:priced", "call:debit", "state:points_debited", "state:completed"])(
    "all points, crash at %s: debited once, nothing charged",
    async (point) => {
      const before = await balance();
      const orderId = await crashingCheckout(pointsOnly, point);
      await recover();
      const facts = await expectSettled(orderId, "completed");
      expect(facts.charges).toHaveLength(0);
      expect(await balance()).toBe(before - 18_000n);
    },
  );

  it.each<FaultPoint>([
    "state:cancelling",
    "call:reverse",
    "event:points_reversed",
    "call:refund",
    "event:card_refunded",
    "state:cancelled",
  ])("a cancellation, crash at %s: card refunded and points reversed, once each", async (point) => {
    const before = await balance();
    const quoteId = await quoteFor(db(), approved.option);
    const placed = await placeOrder(
      {
        member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
        quoteId,
        optionId: "0",
        card: await tokenisedCard(testCards.APPROVED),
        checkoutKey: randomUUID(),
      },
      harness.deps(),
    );
    if (placed.kind !== "placed") throw new Error(placed.reason);
    await expect(
      cancelOrder(
        { orderId: placed.order.id, actor: { kind: "member", membershipNumber: shopperNumber } },
        harness.deps({ faults: crashOnceAt((reached) => reached === point) }),
      ),
    ).rejects.toThrow(SimulatedCrash);
    await recover();
    const facts = await expectSettled(placed.order.id, "cancelled");
    expect(facts.reversals).toHaveLength(1);
    expect(facts.refunds).toHaveLength(1);
    expect(await balance()).toBe(before);
  });
});

describe("orders that hold no authorisation (asked for their card payment in one charge): settled by the processor's record", () => {
  /**
   * An order as the portal's migration 0011 leaves one placed before the card was held first: `capturing` when its
   * one-step charge was on its way (points debited, the charge made or not under its charge key), `card_authorised`
   * when its debit was (the card never charged). Nothing is held; the worker never sends a charge.
   */
  async function convertedOrder(
    scenario: Scenario,
    state: "capturing" | "card_authorised",
    charge: "made" | "none",
  ): Promise<string> {
    const orderId = await crashingCheckout(scenario, "state:priced");
    const { order } = await orderFacts(db(), orderId);
    const { loyalty } = harness.deps();
    if (state === "capturing") {
      const debit = await loyalty!.debitAccount(order.programme, order.membershipNumber, debitRequest(order), {
        accessToken: await memberToken(db()),
        idempotencyKey: order.debitKey,
      });
      await db()
        .update(orders)
        .set({
          debitTransactionId: debit.debitTransaction.identifier,
          debitedAt: new Date(debit.debitTransaction.dateMade),
          memberToken: null,
        })
        .where(eq(orders.id, orderId));
    }
    if (charge === "made") await harness.payments.charge(cardRequest(order), { idempotencyKey: order.chargeKey });
    await db().update(orders).set({ state, updatedAt: new Date() }).where(eq(orders.id, orderId));
    return orderId;
  }

  /** Runs the worker, each pass later than the last, until it crashes at `point`; then a later worker recovers. */
  async function recoverCrashingAt(point: FaultPoint | null) {
    const faults = crashOnceAt((reached) => reached === point);
    for (let pass = 1; point && pass <= 4 && faults.crashedAt() === null; pass += 1) {
      await runOnce(harness.deps({ faults, now: afterLeases(pass * 10 * 60_000) })).catch((error: unknown) => {
        if (!(error instanceof SimulatedCrash)) throw error;
      });
    }
    expect(faults.crashedAt()).toBe(point);
    await recover(60 * 60_000);
  }

  it.each<FaultPoint | null>([null, "call:charge-lookup", "state:completed"])(
    "charged under its charge key, crash at %s: found, completed, debited once and charged once",
    async (point) => {
      const before = await balance();
      const orderId = await convertedOrder(approved, "capturing", "made");
      await recoverCrashingAt(point);
      const facts = await expectSettled(orderId, "completed");
      expect(facts.authorisations).toHaveLength(0);
      expect(facts.captured).toHaveLength(1);
      expect(facts.order.chargeId).toBe(facts.captured[0]!.id);
      expect(await balance()).toBe(before - 3_000n);
    },
  );

  it.each<FaultPoint | null>([null, "call:charge-lookup", "state:voiding", "state:reversing", "call:reverse"])(
    "declined under its charge key, crash at %s: nothing charged, points returned once",
    async (point) => {
      const before = await balance();
      const orderId = await convertedOrder(declined, "capturing", "made");
      await recoverCrashingAt(point);
      const facts = await expectSettled(orderId, "points_returned");
      expect(facts.charges).toHaveLength(1);
      expect(facts.captured).toHaveLength(0);
      expect(facts.reversals).toHaveLength(1);
      const view = await findMemberOrder(shopperNumber, orderId, harness.deps());
      expect(view!.timeline.map((entry) => entry.step)).toContain("capture_failed");
      expect(await balance()).toBe(before);
    },
  );

  it.each<FaultPoint>(["call:debit", "state:points_debited", "state:capturing", "call:charge-lookup", "call:reverse"])(
    "its debit under way and its card never charged, crash at %s: the debit settled by its key, then returned",
    async (point) => {
      const before = await balance();
      const orderId = await convertedOrder(approved, "card_authorised", "none");
      await recoverCrashingAt(point);
      const facts = await expectSettled(orderId, "points_returned");
      expect(facts.debits).toHaveLength(1);
      expect(facts.reversals).toHaveLength(1);
      expect(facts.charges).toHaveLength(0);
      expect(await balance()).toBe(before);
    },
  );

  it("nothing under its charge key: waits while a charge sent under it could still arrive, then returns the points", async () => {
    const before = await balance();
    const orderId = await convertedOrder(approved, "capturing", "none");
    const settings = { leaseMs: 30_000, debitSettleMs: 120_000 };
    const soon = await runOnce(harness.deps({ now: afterLeases(60_000), settings }));
    expect(soon).toMatchObject({ claimed: 1, waiting: 1 });
    expect((await orderFacts(db(), orderId)).order.state).toBe("capturing");
    await recover();
    const facts = await expectSettled(orderId, "points_returned");
    expect(facts.charges).toHaveLength(0);
    expect(await balance()).toBe(before);
  });
});

describe("the worker without the member's token (offline channels do not include P5)", () => {
  // A member with few transactions: the primary programme's P3 lists 20 at most, and absence is proved only on a complete list.
  const quiet = "3081000000000012"; // demo.shopper
  const quietBalance = async () => (await accountState(db(), quiet)).balance;

  it("finds a debit that happened in the member's transactions, and completes the order", async () => {
    const before = await quietBalance();
    const key = randomUUID();
    const accessToken = await memberToken(db(), quiet);
    const quoteId = await quoteFor(db(), approved.option, undefined, quiet);
    await expect(
      placeOrder(
        {
          member: { membershipNumber: quiet, accessToken },
          quoteId,
          optionId: "0",
          card: await tokenisedCard(testCards.APPROVED),
          checkoutKey: key,
        },
        harness.deps({ faults: crashOnceAt((point) => point === "call:debit") }),
      ),
    ).rejects.toThrow(SimulatedCrash);
    await revokeAccessToken(db(), accessToken);
    await recover();
    const facts = await expectSettled(await findByKey(key), "completed");
    expect(await quietBalance()).toBe(before - 3_000n);
    const view = await findMemberOrder(quiet, facts.order.id, harness.deps());
    expect(view!.timeline.find((entry) => entry.step === "points_debited")).toMatchObject({
      step: "points_debited",
      call: { operation: "P3 transactions", status: 200 },
    });
  });

  it("waits while a debit could still land, then cancels an order whose debit never happened", async () => {
    const before = await quietBalance();
    const key = randomUUID();
    const accessToken = await memberToken(db(), quiet);
    const quoteId = await quoteFor(db(), approved.option, undefined, quiet);
    await expect(
      placeOrder(
        {
          member: { membershipNumber: quiet, accessToken },
          quoteId,
          optionId: "0",
          card: await tokenisedCard(testCards.APPROVED),
          checkoutKey: key,
        },
        harness.deps({ faults: crashOnceAt((point) => point === "state:priced") }),
      ),
    ).rejects.toThrow(SimulatedCrash);
    await revokeAccessToken(db(), accessToken);
    const orderId = await findByKey(key);
    const soon = await runOnce(harness.deps({ now: afterLeases(45_000), settings: { debitSettleMs: 120_000 } }));
    expect(soon).toMatchObject({ claimed: 1, waiting: 1 });
    // The card is held at once (no token needed); the debit waits to be proved absent.
    expect((await orderFacts(db(), orderId)).order.state).toBe("card_authorised");
    await recover();
    const facts = await expectSettled(orderId, "cancelled");
    expect(facts.debits).toHaveLength(0);
    expect(facts.charges).toHaveLength(0);
    expect(facts.voids).toHaveLength(1);
    expect(await quietBalance()).toBe(before);
  });
});
