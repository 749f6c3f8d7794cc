import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { cancelOrder } from "@/server/portal/checkout/cancel-order";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import type { CheckoutDeps } from "@/server/portal/checkout/checkout-deps";
import { crashOnceAt, SimulatedCrash } from "@/server/portal/checkout/fault-switch";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
import { listMemberOrders } from "@/server/portal/checkout/list-member-orders";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { runOnce } from "@/server/portal/checkout/recovery/run-once";
import { orderEvents } from "@/server/portal/db/schema";
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
import { setupTestDatabase } from "../support/test-database";

process.env.NEXTAUTH_SECRET ??= "checkout-test-secret-of-at-least-thirty-two-characters";

const { db } = setupTestDatabase();
const harness = checkoutHarness(db);
const hour = 3_600_000;
const balance = async () => (await accountState(db(), shopperNumber)).balance;
const member = { kind: "member", membershipNumber: shopperNumber } as const;

async function completedOrder(option = { points: 5_000, cashMinor: 13_000 }): Promise<OrderView> {
  const result = await placeOrder(
    {
      member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
      quoteId: await quoteFor(db(), option),
      optionId: optionIdFor(option),
      card: option.cashMinor > 0 || option.points === 0 ? await tokenisedCard(testCards.APPROVED) : undefined,
      checkoutKey: randomUUID(),
    },
    harness.deps(),
  );
  if (result.kind !== "placed" || result.order.state !== "completed") throw new Error("the order did not complete");
  return result.order;
}

/** The loyalty client, with P6 answering as the service does once the reversal window has closed. */
function windowClosedLoyalty(): CheckoutDeps["loyalty"] {
  const loyalty = harness.deps().loyalty!;
  return {
    ...loyalty,
    reverseDebitAsAgent: async () => {
      throw new LoyaltyApiError(400, {
        code: "REVERSAL_NO_LONGER_PERMITTED",
        businessMessage: "The reversal is no longer permitted.",
      });
    },
  };
}

describe("cancelling a completed order (member) and refunding one (staff)", () => {
  it("refunds the card and returns the points, both on the timeline, and answers the same when asked again", async () => {
    const before = await balance();
    const order = await completedOrder();
    expect(order.cancellableUntil).not.toBeNull();
    const result = await cancelOrder({ orderId: order.id, actor: member }, harness.deps());
    if (result.kind !== "cancelled") throw new Error(result.reason);
    expect(result.order.state).toBe("cancelled");
    expect(result.order.status).toBe("Cancelled");
    expect(result.order.cancellableUntil).toBeNull();
    expect(result.order.timeline.slice(-4).map((entry) => [entry.step, entry.call?.operation])).toEqual([
      ["cancelling", undefined],
      ["points_reversed", "P6 reverse"],
      ["card_refunded", "refund"],
      ["cancelled", undefined],
    ]);
    expect(result.order.timeline.at(-3)!.call).toMatchObject({ status: 201, requestId: expect.any(String) });
    expect(result.order.timeline.at(-2)!.call).toMatchObject({ status: 201, requestId: expect.any(String) });
    expect(await balance()).toBe(before);
    const facts = await orderFacts(db(), order.id);
    expect(facts.cashKept).toBe(0);
    expect(facts.pointsKept).toBe(0);
    expect(facts.refunds[0]!.reason).toBe("requested_by_customer");
    expect(facts.order.cancelledBy).toBe("member");

    const again = await cancelOrder({ orderId: order.id, actor: member }, harness.deps());
    expect(again).toMatchObject({ kind: "cancelled", order: { state: "cancelled" } });
    expect((await orderFacts(db(), order.id)).refunds).toHaveLength(1);
  });

  it("serves staff refunds: the reason and the staff member on the timeline, the username as X-Agent-Id", async () => {
    const order = await completedOrder();
    await expect(
      cancelOrder(
        { orderId: order.id, actor: { kind: "staff", username: "staff.admin", reason: " " } },
        harness.deps(),
      ),
    ).rejects.toThrow(TypeError);
    const result = await cancelOrder(
      {
        orderId: order.id,
        actor: { kind: "staff", username: "staff.admin", reason: "Flight cancelled by the airline" },
      },
      harness.deps(),
    );
    expect(result).toMatchObject({ kind: "cancelled", order: { state: "cancelled" } });
    const facts = await orderFacts(db(), order.id);
    expect(facts.order.cancelledBy).toBe("staff:staff.admin");
    expect(facts.order.cancelReason).toBe("Flight cancelled by the airline");
    expect(facts.reversals[0]!.agentId).toBe("STAFFstaffadmin");
    expect(facts.refunds[0]!.reason).toBe("order_cancelled");
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    const cancelling = events.find((event) => event.step === "cancelling")!;
    expect(cancelling.description).toBe("Refund by staff.admin of staff: Flight cancelled by the airline");
    expect(events.filter((event) => event.step !== "priced" && event.actor.startsWith("staff:"))).toHaveLength(4);
  });

  it("shows the member a staff refund as customer care's: never the staff username, the note or the reason", async () => {
    const order = await completedOrder();
    const note = "Member cancelled the trip by phone";
    const staffAnswer = await cancelOrder(
      { orderId: order.id, actor: { kind: "staff", username: "staff.admin", reason: note } },
      harness.deps(),
    );
    // Staff still read who and why.
    expect(JSON.stringify(staffAnswer)).toContain(`Refund by staff.admin of staff: ${note}`);
    const members = [
      await findMemberOrder(shopperNumber, order.id, harness.deps()),
      (await listMemberOrders(shopperNumber, 1, harness.deps())).orders.find((listed) => listed.id === order.id),
      // The member asking again after staff refunded it is answered the member's view too.
      await cancelOrder({ orderId: order.id, actor: member }, harness.deps()).then((answer) =>
        answer.kind === "cancelled" ? answer.order : undefined,
      ),
    ];
    for (const view of members) {
      expect(view).toBeDefined();
      const text = JSON.stringify(view);
      for (const hidden of ["staff.admin", "staffadmin", note, "of staff", "Refund by"])
        expect(text).not.toContain(hidden);
      expect(view!.timeline.find((entry) => entry.step === "cancelling")).toMatchObject({
        description: "Refunded by Northstar Club customer care",
        customerCare: { action: "refund", programme: "Northstar Club" },
      });
      // The saga's own steps after the refund read as before.
      expect(view!.timeline.find((entry) => entry.step === "card_refunded")?.description).toMatch(
        /refunded to the card/,
      );
    }
    const staffView = await findMemberOrder(shopperNumber, order.id, harness.deps(), "staff");
    expect(staffView!.timeline.find((entry) => entry.step === "cancelling")!.description).toBe(
      `Refund by staff.admin of staff: ${note}`,
    );
  });

  it("cancels an all-points order (no refund) and a cash-only one (no reversal)", async () => {
    const before = await balance();
    const points = await completedOrder({ points: 18_000, cashMinor: 0 });
    const cash = await completedOrder({ points: 0, cashMinor: 18_000 });
    for (const order of [points, cash]) {
      expect(await cancelOrder({ orderId: order.id, actor: member }, harness.deps())).toMatchObject({
        kind: "cancelled",
        order: { state: "cancelled" },
      });
    }
    expect((await orderFacts(db(), points.id)).refunds).toHaveLength(0);
    expect((await orderFacts(db(), cash.id)).reversals).toHaveLength(0);
    expect((await orderFacts(db(), cash.id)).refunds).toHaveLength(1);
    expect(await balance()).toBe(before);
  });

  it("refuses another member's order, an unknown one, one not completed, and one past the reversal window", async () => {
    const order = await completedOrder();
    expect(
      await cancelOrder(
        { orderId: order.id, actor: { kind: "member", membershipNumber: "3081000000000003" } },
        harness.deps(),
      ),
    ).toMatchObject({ kind: "refused", reason: "not_found" });
    expect(await cancelOrder({ orderId: randomUUID(), actor: member }, harness.deps())).toMatchObject({
      kind: "refused",
      reason: "not_found",
    });
    const lateClock = () => new Date(Date.now() + 19 * hour);
    expect(await cancelOrder({ orderId: order.id, actor: member }, harness.deps({ now: lateClock }))).toMatchObject({
      kind: "refused",
      reason: "window_closed",
    });
    expect(
      (await findMemberOrder(shopperNumber, order.id, harness.deps({ now: lateClock })))!.cancellableUntil,
    ).toBeNull();
    const declined = await placeOrder(
      {
        member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
        quoteId: await quoteFor(db(), { points: 100, cashMinor: 17_900 }),
        optionId: "0",
        card: await tokenisedCard(testCards.DECLINED),
        checkoutKey: randomUUID(),
      },
      harness.deps(),
    );
    if (declined.kind !== "declined") throw new Error(`expected a declined attempt, got ${declined.kind}`);
    expect(await cancelOrder({ orderId: declined.attemptId, actor: member }, harness.deps())).toMatchObject({
      kind: "refused",
      reason: "not_cancellable",
    });
  });
});

describe("orders that need attention", () => {
  it("asks for a person when the points can no longer be returned, and never retries the reversal", async () => {
    const order = await completedOrder();
    await expect(
      cancelOrder(
        { orderId: order.id, actor: member },
        harness.deps({ faults: crashOnceAt((point) => point === "state:cancelling") }),
      ),
    ).rejects.toThrow(SimulatedCrash);
    const report = await runOnce(harness.deps({ now: afterLeases(), loyalty: windowClosedLoyalty() }));
    expect(report).toMatchObject({ claimed: 1, settled: 1 });
    const facts = await orderFacts(db(), order.id);
    expect(facts.order.state).toBe("needs_attention");
    expect(facts.order.attentionReason).toBe("the reversal window closed before the points could be returned");
    expect(facts.refunds).toHaveLength(0);
    expect(await runOnce(harness.deps({ now: afterLeases(10 * 60_000) }))).toMatchObject({ claimed: 0 });
    const view = await findMemberOrder(shopperNumber, order.id, harness.deps());
    expect(view!.status).toBe("Needs attention");
    expect(view!.timeline.at(-1)).toMatchObject({ step: "needs_attention", call: { operation: "P6 reverse" } });
  });

  it("asks for a person well before the window closes when an order stays unsettled", async () => {
    const checkoutKey = randomUUID();
    await expect(
      placeOrder(
        {
          member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
          quoteId: await quoteFor(db(), { points: 700, cashMinor: 17_300 }),
          optionId: "0",
          card: await tokenisedCard(testCards.APPROVED),
          checkoutKey,
        },
        harness.deps({ faults: crashOnceAt((point) => point === "state:priced") }),
      ),
    ).rejects.toThrow(SimulatedCrash);
    // The processor is out of reach for hours: the worker backs off, then hands the order over at 24 h − 6 h.
    const unreachable = {
      ...harness.deps().payments!,
      findAuthorisationByIdempotencyKey: () => Promise.reject(new Error("down")),
    };
    const early = await runOnce(harness.deps({ now: afterLeases(), payments: unreachable }));
    expect(early).toMatchObject({ claimed: 1, waiting: 1 });
    const late = await runOnce(
      harness.deps({ now: () => new Date(Date.now() + 18 * hour + 60_000), payments: unreachable }),
    );
    expect(late).toMatchObject({ claimed: 1, settled: 1 });
    const [event] = (await db().select().from(orderEvents)).filter((row) => row.step === "needs_attention").slice(-1);
    expect(event!.description).toMatch(/could not be settled while the points could still be returned/);
  });
});
