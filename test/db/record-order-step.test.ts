import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findOrder, insertOrder } from "@/server/portal/checkout/order-store";
import { OrderLeaseLost, recordOrderStep } from "@/server/portal/checkout/record-order-step";
import { orderEvents } from "@/server/portal/db/schema";
import { newOrderRow } from "../support/order-row";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();
const leaseMs = 30_000;

const pricedOrder = (leaseToken: string) =>
  newOrderRow({ state: "priced", leaseToken, lockedUntil: new Date(Date.now() + leaseMs) });

const placed = { at: new Date(), step: "priced", state: "priced", description: "Order placed", actor: "member" };
const timelineOf = (orderId: string) =>
  db()
    .select({ step: orderEvents.step, state: orderEvents.state, message: orderEvents.message })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));

describe("an order's steps, each stored with its timeline line in one statement", () => {
  it("stores a new order with its first line once; the same checkout key again stores nothing", async () => {
    const order = pricedOrder(randomUUID());
    const row = await insertOrder(db(), order, placed);
    expect(row).toMatchObject({ id: order.id, state: "priced", points: 9_000 });
    expect(row?.createdAt).toBeInstanceOf(Date);

    const again = await insertOrder(db(), { ...pricedOrder(randomUUID()), checkoutKey: order.checkoutKey }, placed);
    expect(again).toBeUndefined();
    expect(await timelineOf(order.id)).toEqual([{ step: "priced", state: "priced", message: null }]);
  });

  it("moves the order, renews its lease and appends the step's line, its message kept as written", async () => {
    const lease = randomUUID();
    const order = (await insertOrder(db(), pricedOrder(lease), placed))!;
    const now = new Date(Date.now() + 1_000);
    const message = { code: "cardHeld", params: { cashMinor: 9_000, currency: "GBP" } };
    const moved = await recordOrderStep(
      db(),
      order,
      lease,
      {
        to: "card_authorised",
        step: "card_authorised",
        description: "€90.00 held",
        message: message as never,
        actor: "member",
        call: { operation: "authorise", status: 201, requestId: "req_1" },
        changes: { authorisationId: "auth_1" },
      },
      now,
      leaseMs,
    );
    expect(moved).toMatchObject({ state: "card_authorised", authorisationId: "auth_1" });
    expect(moved.lockedUntil?.getTime()).toBe(now.getTime() + leaseMs);
    expect(moved.updatedAt.getTime()).toBe(now.getTime());
    expect(await timelineOf(order.id)).toEqual([
      { step: "priced", state: "priced", message: null },
      { step: "card_authorised", state: "card_authorised", message },
    ]);
  });

  it("writes nothing, not even the line, for a caller whose lease was taken or whose state is stale", async () => {
    const lease = randomUUID();
    const order = (await insertOrder(db(), pricedOrder(lease), placed))!;
    const step = { to: "card_authorised" as const, step: "card_authorised", description: "held", actor: "member" };

    await expect(recordOrderStep(db(), order, randomUUID(), step, new Date(), leaseMs)).rejects.toBeInstanceOf(
      OrderLeaseLost,
    );
    await recordOrderStep(db(), order, lease, step, new Date(), leaseMs);
    // The same move again from the state read before it: the order is no longer there.
    await expect(recordOrderStep(db(), order, lease, step, new Date(), leaseMs)).rejects.toBeInstanceOf(OrderLeaseLost);

    expect((await findOrder(db(), order.id))?.state).toBe("card_authorised");
    expect((await timelineOf(order.id)).map((line) => line.step)).toEqual(["priced", "card_authorised"]);
  });
});
