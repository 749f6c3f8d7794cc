import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { crashOnceAt, SimulatedCrash, type FaultPoint } from "@/server/portal/checkout/fault-switch";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { runOnce, type RunOnceReport } from "@/server/portal/checkout/recovery/run-once";
import { orderEvents, orders } from "@/server/portal/db/schema";
import { accountState } from "../support/account-state";
import {
  afterLeases,
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

/** Where the 50 orders were left: every step a worker has to take over. */
const crashes: { point: FaultPoint; card: "APPROVED" | "CAPTURE_FAILS" }[] = [
  { point: "call:authorise", card: "APPROVED" },
  { point: "call:debit", card: "APPROVED" },
  { point: "state:capturing", card: "APPROVED" },
  { point: "call:capture", card: "APPROVED" },
  { point: "call:capture", card: "CAPTURE_FAILS" },
  { point: "state:voiding", card: "CAPTURE_FAILS" },
  { point: "state:reversing", card: "CAPTURE_FAILS" },
  { point: "call:reverse", card: "CAPTURE_FAILS" },
];

async function unfinishedOrder(index: number): Promise<string> {
  const crash = crashes[index % crashes.length]!;
  const checkoutKey = randomUUID();
  await expect(
    placeOrder(
      {
        member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
        quoteId: await quoteFor(db(), { points: 1_000 + index, cashMinor: 10_000 }),
        optionId: "0",
        card: await tokenisedCard(testCards[crash.card]),
        checkoutKey,
      },
      harness.deps({ faults: crashOnceAt((point) => point === crash.point) }),
    ),
  ).rejects.toThrow(SimulatedCrash);
  const [row] = await db().select({ id: orders.id }).from(orders).where(eq(orders.checkoutKey, checkoutKey));
  return row!.id;
}

/** One worker instance: passes until a pass finds nothing left to claim. */
async function worker(name: string): Promise<RunOnceReport> {
  const total: RunOnceReport = { claimed: 0, settled: 0, waiting: 0, lost: 0 };
  for (let pass = 0; pass < 50; pass += 1) {
    const report = await runOnce(
      harness.deps({ now: afterLeases(), settings: { agentId: name }, logger: harness.logger }),
    );
    for (const field of ["claimed", "settled", "waiting", "lost"] as const) total[field] += report[field];
    if (report.claimed === 0) break;
  }
  return total;
}

// FOR UPDATE SKIP LOCKED and the lease decide between two workers on PostgreSQL; PGlite runs one statement at a
// time, so there the two interleave only between statements, which the lease must handle just the same.
describe(`two recovery workers at once over 50 unfinished orders (${testDatabaseKind()})`, () => {
  it("settles each order exactly once, by one worker, with one reversal or charge each", async () => {
    const before = (await accountState(db(), shopperNumber)).balance;
    const ids: string[] = [];
    for (let index = 0; index < 50; index += 1) ids.push(await unfinishedOrder(index));
    const stuck = await db().select({ state: orders.state }).from(orders).where(inArray(orders.id, ids));
    expect(stuck.every((row) => row.state !== "completed" && row.state !== "points_returned")).toBe(true);

    const sentBefore = harness.wire.sent.length;
    const [first, second] = await Promise.all([worker("WORKERA"), worker("WORKERB")]);
    expect(first!.lost + second!.lost).toBe(0);
    expect(first!.waiting + second!.waiting).toBe(0);
    expect(first!.settled + second!.settled).toBe(50);
    expect(first!.claimed + second!.claimed).toBe(50);
    if (testDatabaseKind() === "postgres") {
      // Both really worked: neither waited for the other to finish.
      expect(first!.settled).toBeGreaterThan(0);
      expect(second!.settled).toBeGreaterThan(0);
    }

    let expectedBalance = before;
    const events = await db().select().from(orderEvents).where(inArray(orderEvents.orderId, ids));
    for (const id of ids) {
      const facts = await orderFacts(db(), id);
      expect(["completed", "points_returned"]).toContain(facts.order.state);
      const ends = events.filter((event) => event.orderId === id && event.step === facts.order.state);
      expect(ends, id).toHaveLength(1);
      expect(facts.debits).toHaveLength(1);
      expect(facts.charges.length).toBeLessThanOrEqual(1);
      expect(facts.openHolds).toBe(0);
      if (facts.order.state === "completed") {
        expect(facts.captured).toHaveLength(1);
        expect(facts.reversals).toHaveLength(0);
        expectedBalance -= BigInt(facts.order.points);
      } else {
        expect(facts.captured).toHaveLength(0);
        expect(facts.reversals).toHaveLength(1);
      }
      // What the workers sent for this order: at most one reversal, one capture and one void each.
      const sent = harness.wire.sent.slice(sentBefore);
      expect(
        sent.filter((request) => request.idempotencyKey === `"${facts.order.reversalKey}"`).length,
      ).toBeLessThanOrEqual(1);
      expect(
        sent.filter((request) => request.method === "POST" && request.idempotencyKey === facts.order.captureKey).length,
      ).toBeLessThanOrEqual(1);
      expect(
        sent.filter((request) => request.method === "POST" && request.idempotencyKey === facts.order.voidKey).length,
      ).toBeLessThanOrEqual(1);
    }
    expect((await accountState(db(), shopperNumber)).balance).toBe(expectedBalance);
  });
});
