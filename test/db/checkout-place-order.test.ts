import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
import { listMemberOrders } from "@/server/portal/checkout/list-member-orders";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { runOnce } from "@/server/portal/checkout/recovery/run-once";
import type { OrderView } from "@/lib/checkout/checkout-contract";
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

async function checkout(option: { points: number; cashMinor: number }, cardNumber: string | null, key = randomUUID()) {
  const quoteId = await quoteFor(db(), option);
  const card = cardNumber ? await tokenisedCard(cardNumber) : undefined;
  const accessToken = await memberToken(db());
  return placeOrder(
    {
      member: { membershipNumber: shopperNumber, accessToken },
      quoteId,
      optionId: optionIdFor(option),
      card,
      checkoutKey: key,
    },
    harness.deps(),
  );
}

function placed(result: Awaited<ReturnType<typeof placeOrder>>): OrderView {
  if (result.kind !== "placed") throw new Error(`refused: ${result.reason}`);
  return result.order;
}

const balance = async () => (await accountState(db(), shopperNumber)).balance;

describe("placing an order while the member waits", () => {
  it("authorises the card, debits the points, captures and completes, each step on the timeline with its request id", async () => {
    const before = await balance();
    const order = placed(await checkout({ points: 9_000, cashMinor: 9_000 }, testCards.APPROVED));
    expect(order.state).toBe("completed");
    expect(order.status).toBe("Completed");
    expect(order.orderNumber).toMatch(/^NS-\d{4}-\d{6}$/);
    expect(order.card).toEqual({ brand: "visa", last4: "4242" });
    expect(order.debitTransactionId).toMatch(/^[A-Za-z0-9]+$/);
    expect(order.cancellableUntil).not.toBeNull();
    expect(order.timeline.map((entry) => entry.step)).toEqual([
      "priced",
      "card_authorised",
      "points_debited",
      "capturing",
      "completed",
    ]);
    expect(order.timeline[1]!.call).toMatchObject({ operation: "authorise", status: 201 });
    const debit = order.timeline[2]!;
    expect(debit.description).toBe(`9,000 points debited (transaction ${order.debitTransactionId})`);
    expect(debit.call).toEqual({
      operation: "P5 debit",
      status: 201,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(order.timeline[4]!.call).toMatchObject({ operation: "capture", status: 200, requestId: expect.any(String) });
    expect(await balance()).toBe(before - 9_000n);

    const facts = await orderFacts(db(), order.id);
    expect(facts.debits).toHaveLength(1);
    expect(facts.captured).toHaveLength(1);
    expect(facts.successfulCaptures).toHaveLength(1);
    expect(facts.openHolds).toBe(0);
    expect(facts.order.memberToken).toBeNull();
    expect(facts.order.leaseToken).toBeNull();
    const sentKeys = harness.wire.sent.filter((request) => request.idempotencyKey?.includes(order.id));
    expect(sentKeys.map((request) => request.idempotencyKey)).toEqual([
      `checkout-${order.id}-authorise`,
      `"checkout-${order.id}-debit"`,
      `checkout-${order.id}-capture`,
    ]);
  });

  it.each([
    ["DECLINED", "card_declined", "Your card was declined. No points were used. Try another card."],
    ["DECLINED_INSUFFICIENT_FUNDS", "insufficient_funds", "not enough funds"],
    ["PROCESSING_ERROR", "processing_error", "could not be processed"],
  ] as const)(
    "moves no point when the card is %s: the attempt is declined, not one of the member's orders",
    async (outcome, reason, words) => {
      const before = await balance();
      const result = await checkout({ points: 4_000, cashMinor: 14_000 }, testCards[outcome]);
      if (result.kind !== "declined") throw new Error(`expected a decline, got ${result.kind}`);
      expect(result.reason).toBe(reason);
      expect(result.message).toContain(words);
      expect(result.message).toContain("No points were used");
      expect(await balance()).toBe(before);
      const facts = await orderFacts(db(), result.attemptId);
      expect(facts.order.state).toBe("declined");
      expect(facts.order.memberToken).toBeNull();
      expect(facts.debits).toHaveLength(0);
      expect(facts.captured).toHaveLength(0);
      expect(facts.openHolds).toBe(0);
      expect(
        harness.wire.sent.some((request) => request.idempotencyKey === `"checkout-${result.attemptId}-debit"`),
      ).toBe(false);
      const listed = await listMemberOrders(shopperNumber, 1, harness.deps());
      expect(listed.orders.map((order) => order.id)).not.toContain(result.attemptId);
      const staffView = await listMemberOrders(shopperNumber, 1, harness.deps(), { forMember: false });
      expect(staffView.orders.map((order) => order.id)).toContain(result.attemptId);

      // The same price, another card, a new checkout key: paid.
      const again = await placeOrder(
        {
          member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
          quoteId: facts.order.quoteId,
          optionId: "0",
          card: await tokenisedCard(testCards.APPROVED),
          checkoutKey: randomUUID(),
        },
        harness.deps(),
      );
      expect(placed(again).state).toBe("completed");
      expect(await balance()).toBe(before - 4_000n);
    },
  );

  it("CAPTURE_FAILS: held, points debited, the capture fails, the hold is voided and the points come back", async () => {
    const before = await balance();
    const order = placed(await checkout({ points: 4_000, cashMinor: 14_000 }, testCards.CAPTURE_FAILS));
    expect(order.state).toBe("points_returned");
    expect(order.status).toBe("Points returned");
    expect(order.timeline.map((entry) => entry.step)).toEqual([
      "priced",
      "card_authorised",
      "points_debited",
      "capturing",
      "capture_failed",
      "reversing",
      "points_returned",
    ]);
    expect(order.timeline[4]!.call).toMatchObject({ operation: "capture", status: 402 });
    expect(order.timeline[5]!.call).toMatchObject({ operation: "void", status: 200 });
    expect(order.timeline[6]!.call).toMatchObject({ operation: "P6 reverse", status: 201 });
    expect(await balance()).toBe(before);
    const facts = await orderFacts(db(), order.id);
    expect(facts.debits).toHaveLength(1);
    expect(facts.reversals).toHaveLength(1);
    expect(facts.reversals[0]!.agentId).toBe("PORTALCHECKOUT");
    expect(facts.voids).toHaveLength(1);
    expect(facts.captured).toHaveLength(0);
    expect(facts.openHolds).toBe(0);
  });

  it("leaves an authorisation whose answer was lost to the worker, which settles it by looking it up, never by guessing", async () => {
    const before = await balance();
    const order = placed(await checkout({ points: 2_000, cashMinor: 16_000 }, testCards.TIMEOUT_UNKNOWN_OUTCOME));
    expect(order.state).toBe("priced");
    expect(order.status).toBe("Confirming payment");
    expect(await balance()).toBe(before);
    expect(order.timeline.some((entry) => entry.call?.operation === "authorisation lookup")).toBe(false);

    // Within the grace period the worker leaves the processor alone.
    expect((await runOnce(harness.deps())).claimed).toBe(0);
    // After it (CHECKOUT_UNKNOWN_CHARGE_GRACE_MS, 5 s by default) the worker asks what the charge did.
    await runOnce(harness.deps({ now: afterLeases(60_000) }));
    const settled = await findMemberOrder(shopperNumber, order.id, harness.deps());
    expect(settled!.state).toBe("completed");
    expect(settled!.timeline.find((entry) => entry.step === "card_authorised")!.call).toMatchObject({
      operation: "authorisation lookup",
      status: 200,
    });
    expect(await balance()).toBe(before - 2_000n);
    const facts = await orderFacts(db(), order.id);
    expect(facts.authorisations).toHaveLength(1);
    expect(facts.successfulCaptures).toHaveLength(1);
    expect(facts.charges).toHaveLength(1);
  });

  it("charges a cash-only order without touching the points, and debits an all-points order without a card", async () => {
    const before = await balance();
    const cash = placed(await checkout({ points: 0, cashMinor: 18_000 }, testCards.APPROVED));
    expect(cash.state).toBe("completed");
    expect(cash.points).toBe(0);
    expect(cash.timeline.map((entry) => entry.step)).toEqual(["priced", "card_authorised", "capturing", "completed"]);
    const points = placed(await checkout({ points: 18_000, cashMinor: 0 }, null));
    expect(points.state).toBe("completed");
    expect(points.card).toBeNull();
    expect(points.timeline.map((entry) => entry.step)).toEqual(["priced", "points_debited", "completed"]);
    expect(await balance()).toBe(before - 18_000n);
    expect((await orderFacts(db(), points.id)).charges).toHaveLength(0);
  });

  it("makes one order, one debit and one charge of a double click and a second tab", async () => {
    const key = randomUUID();
    const option = { points: 1_000, cashMinor: 17_000 };
    const quoteId = await quoteFor(db(), option);
    const card = await tokenisedCard(testCards.APPROVED);
    const accessToken = await memberToken(db());
    const input = {
      member: { membershipNumber: shopperNumber, accessToken },
      quoteId,
      optionId: "0",
      card,
      checkoutKey: key,
    };
    const before = await balance();
    const results = await Promise.all([
      placeOrder(input, harness.deps({ settings: { duplicateWaitMs: 20_000 } })),
      placeOrder(input, harness.deps({ settings: { duplicateWaitMs: 20_000 } })),
    ]);
    const [first, second] = results.map(placed);
    expect(first!.id).toBe(second!.id);
    expect(first!.state).toBe("completed");
    expect(second!.state).toBe("completed");
    // The back button later: the same order again.
    expect(placed(await placeOrder(input, harness.deps())).id).toBe(first!.id);
    expect(await balance()).toBe(before - 1_000n);
    const facts = await orderFacts(db(), first!.id);
    expect(facts.debits).toHaveLength(1);
    expect(facts.charges).toHaveLength(1);
  });

  it("records the card's brand and last four digits from the processor's token, never the browser's claim", async () => {
    const quoteId = await quoteFor(db(), { points: 9_000, cashMinor: 9_000 });
    const token = await tokenisedCard(testCards.APPROVED);
    const result = await placeOrder(
      {
        member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
        quoteId,
        optionId: optionIdFor({ points: 9_000 }),
        card: { token: token.token, brand: "amex", last4: "0005" },
        checkoutKey: randomUUID(),
      },
      harness.deps(),
    );
    const order = placed(result);
    expect(order.card).toEqual({ brand: "visa", last4: "4242" });
    expect(order.timeline[0]!.description).toContain("Visa card ending 4242");
    // The same as a code with parameters, for the member's page to word in its language.
    expect(order.timeline[0]!.message).toEqual({
      code: "placed",
      points: 9_000,
      cashMinor: 9_000,
      currency: "GBP",
      card: { brand: "visa", last4: "4242" },
    });
    const facts = await orderFacts(db(), order.id);
    expect([facts.order.cardBrand, facts.order.cardLast4]).toEqual(["visa", "4242"]);
    // A token the processor never issued is no card at all.
    const unknown = await placeOrder(
      {
        member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
        quoteId: await quoteFor(db(), { points: 9_000, cashMinor: 9_000 }),
        optionId: optionIdFor({ points: 9_000 }),
        card: { token: "tok_0000000000000000000000", brand: "visa", last4: "4242" },
        checkoutKey: randomUUID(),
      },
      harness.deps(),
    );
    expect(unknown).toMatchObject({ kind: "refused", reason: "card_required" });
  });

  it("refuses before storing anything: an expired or unknown quote, an option not offered, no card", async () => {
    const accessToken = await memberToken(db());
    const member = { membershipNumber: shopperNumber, accessToken };
    const ordersBefore = await db().$count(orders);
    const quoteId = await quoteFor(db(), { points: 1_000, cashMinor: 17_000 });
    const base = { member, quoteId, optionId: "0", checkoutKey: randomUUID() };
    expect(await placeOrder({ ...base, quoteId: randomUUID() }, harness.deps())).toMatchObject({
      kind: "refused",
      reason: "quote_expired",
    });
    expect(await placeOrder({ ...base, optionId: "7" }, harness.deps())).toMatchObject({
      kind: "refused",
      reason: "option_unavailable",
    });
    expect(await placeOrder(base, harness.deps())).toMatchObject({ kind: "refused", reason: "card_required" });
    const later = () => new Date(Date.now() + 16 * 60_000);
    const card = await tokenisedCard(testCards.APPROVED);
    expect(await placeOrder({ ...base, card }, harness.deps({ now: later }))).toMatchObject({
      kind: "refused",
      reason: "quote_expired",
    });
    expect(
      await placeOrder({ ...base, card, member: { ...member, membershipNumber: "3081000000000003" } }, harness.deps()),
    ).toMatchObject({
      kind: "refused",
      reason: "quote_expired",
    });
    expect(await db().$count(orders)).toBe(ordersBefore);
  });

  it("tells the member when the service refuses the debit for the balance, and charges nothing", async () => {
    const poor = "3081000000000005"; // 100 points
    const quoteId = await quoteFor(db(), { points: 500, cashMinor: 17_500 }, undefined, poor);
    const result = await placeOrder(
      {
        member: { membershipNumber: poor, accessToken: await memberToken(db(), poor) },
        quoteId,
        optionId: "0",
        card: await tokenisedCard(testCards.APPROVED),
        checkoutKey: randomUUID(),
      },
      harness.deps(),
    );
    expect(result).toMatchObject({ kind: "refused", reason: "insufficient_points" });
    const [order] = (await listMemberOrders(poor, 1, harness.deps())).orders;
    expect(order!.state).toBe("cancelled");
    expect(order!.timeline.slice(-2)).toMatchObject([
      { step: "debit_refused", call: { operation: "P5 debit", status: 400 } },
      { step: "cancelled", call: { operation: "void", status: 200 } },
    ]);
    const facts = await orderFacts(db(), order!.id);
    expect(facts.charges).toHaveLength(0);
    expect(facts.voids).toHaveLength(1);
    expect(facts.openHolds).toBe(0);
  });

  it("shows members their own orders only, newest first, a page at a time", async () => {
    for (let extra = 0; extra < 8; extra += 1) placed(await checkout({ points: 100, cashMinor: 0 }, null));
    const mine = await listMemberOrders(shopperNumber, 1, harness.deps());
    expect(mine.orders.length).toBe(10);
    expect(mine.hasNextPage).toBe(true);
    const created = mine.orders.map((order) => order.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const next = await listMemberOrders(shopperNumber, 2, harness.deps());
    expect(next.page).toBe(2);
    expect(next.orders.length).toBeGreaterThan(0);
    const first = mine.orders[0]!;
    expect((await findMemberOrder(shopperNumber, first.id, harness.deps()))?.id).toBe(first.id);
    expect(await findMemberOrder("3081000000000003", first.id, harness.deps())).toBeNull();
    expect(await findMemberOrder(shopperNumber, "not-an-id", harness.deps())).toBeNull();
    expect(await findMemberOrder(shopperNumber, randomUUID(), harness.deps())).toBeNull();
  });
});
