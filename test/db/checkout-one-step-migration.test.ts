import { randomUUID } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateFolder, type MigrationSet } from "@/server/db/migrate";
import { rowsOf } from "@/server/db/rows";
import { sealToken } from "@/server/portal/auth/token-cipher";
import { cancelOrder } from "@/server/portal/checkout/cancel-order";
import { orderKeys } from "@/server/portal/checkout/order-keys";
import { runOnce } from "@/server/portal/checkout/recovery/run-once";
import { cardRequest } from "@/server/portal/checkout/steps/card-request";
import { debitRequest } from "@/server/portal/checkout/steps/debit-request";
import { portalMigrations } from "@/server/portal/db/portal-database";
import { orderEvents, orders } from "@/server/portal/db/schema";
import { accountState } from "../support/account-state";
import {
  afterLeases,
  checkoutHarness,
  memberToken,
  orderFacts,
  shopperNumber,
  testCards,
  tokenisedCard,
} from "../support/checkout-harness";
import { setupTestDatabase } from "../support/test-database";

process.env.NEXTAUTH_SECRET ??= "checkout-test-secret-of-at-least-thirty-two-characters";

const { db, handle } = setupTestDatabase();
const harness = checkoutHarness(db);

/** The state before the one-step charge was retired: the portal's migrations up to 0009, in a folder of their own. */
async function migrationsUpTo(lastTag: string): Promise<MigrationSet & { remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "portal-migrations-"));
  const journal = JSON.parse(await readFile(path.join(portalMigrations.folder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no portal migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1);
  await mkdir(path.join(folder, "meta"));
  await writeFile(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    await copyFile(path.join(portalMigrations.folder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return { ...portalMigrations, folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

type OldState = "priced" | "points_debited" | "payment_pending" | "payment_failed" | "completed";

interface OldOrder {
  state: OldState;
  points: number;
  cashMinor: number;
  /** The card the member gave; null for none. */
  card: keyof typeof testCards | null;
  /** What the one-step saga had done at the remote parties before the migration. */
  debited?: boolean;
  charged?: boolean;
  /** The member's token still sealed on the order (the debit's outcome not yet known). */
  sealedToken?: boolean;
  /** Placed after the card part was held first: its keys were set when it was placed. */
  keyed?: boolean;
  /** Timeline entries after `priced`, as the one-step saga wrote them. */
  steps?: { step: string; state: string; description: string; call?: { operation: string; status: number } }[];
}

/**
 * One order as the one-step checkout left it, stored with SQL in the schema before the migration: the row (no
 * authorisation keys), its timeline, and at the loyalty service and the processor what its saga had done.
 */
async function placeOldOrder(old: OldOrder): Promise<string> {
  const id = randomUUID();
  const keys = orderKeys(id);
  const card = old.card ? await tokenisedCard(testCards[old.card]) : null;
  const token = await memberToken(db());
  const now = new Date();
  await db().execute(sql`
    INSERT INTO portal.orders (id, checkout_key, membership_number, programme, quote_id, option_id, product_id,
      product_name, points, cash_minor, currency, card_token, card_brand, card_last4, state, member_token,
      debit_key, debit_external_id, charge_key, reversal_key, reversal_external_id, refund_key,
      authorise_key, capture_key, void_key, next_attempt_at, created_at, updated_at)
    VALUES (${id}, ${randomUUID()}, ${shopperNumber}, 'NORTHSTAR', ${randomUUID()}, '0', 'FLIGHT-LHR-MAD',
      'London Heathrow to Madrid', ${old.points}, ${old.cashMinor}, 'GBP', ${card?.token ?? null},
      ${card?.brand ?? null}, ${card?.last4 ?? null}, 'priced', ${old.sealedToken ? sealToken(token) : null},
      ${keys.debitKey}, ${keys.debitExternalId}, ${keys.chargeKey}, ${keys.reversalKey}, ${keys.reversalExternalId},
      ${keys.refundKey}, ${old.keyed ? keys.authoriseKey : null}, ${old.keyed ? keys.captureKey : null},
      ${old.keyed ? keys.voidKey : null}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz)`);
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  let debitTransactionId: string | null = null;
  if (old.debited) {
    const answer = await harness.deps().loyalty!.debitAccount(row!.programme, shopperNumber, debitRequest(row!), {
      accessToken: token,
      idempotencyKey: row!.debitKey,
    });
    debitTransactionId = answer.debitTransaction.identifier;
  }
  let chargeId: string | null = null;
  if (old.charged) {
    const outcome = await harness.payments.charge(cardRequest(row!), { idempotencyKey: row!.chargeKey });
    if (outcome.kind === "captured") chargeId = outcome.charge.id;
  }
  const recorded = old.debited && !old.sealedToken;
  await db().execute(sql`
    UPDATE portal.orders SET state = ${old.state},
      debit_transaction_id = ${recorded ? debitTransactionId : null},
      debited_at = ${recorded ? now.toISOString() : null}::timestamptz,
      charge_id = ${old.state === "completed" ? chargeId : null}
    WHERE id = ${id}`);
  const steps = [{ step: "priced", state: "priced", description: "Order placed" }, ...(old.steps ?? [])];
  for (const entry of steps) {
    await db().execute(sql`
      INSERT INTO portal.order_events (order_id, at, step, state, description, actor, operation, http_status)
      VALUES (${id}, ${now.toISOString()}::timestamptz, ${entry.step}, ${entry.state}, ${entry.description},
        'member', ${"call" in entry ? (entry.call?.operation ?? null) : null},
        ${"call" in entry ? (entry.call?.status ?? null) : null})`);
  }
  return id;
}

const timeline = async (orderId: string) =>
  db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);

const pointsAndCard = { points: 3_000, cashMinor: 15_000 };
const chargeFailed = {
  step: "payment_failed",
  state: "payment_failed",
  description: "No money was taken: your card was declined.",
  call: { operation: "charge", status: 402 },
};
const chargeSent = { step: "payment_pending", state: "payment_pending", description: "Charging the card" };
const debitedStep = { step: "points_debited", state: "points_debited", description: "3,000 points debited" };

/** One order in each state the one-step checkout could leave unfinished, and its neighbours. */
const oldOrders = {
  chargedAnswerLost: {
    state: "payment_pending",
    ...pointsAndCard,
    card: "APPROVED",
    debited: true,
    charged: true,
    steps: [debitedStep, chargeSent],
  },
  declinedAnswerLost: {
    state: "payment_pending",
    ...pointsAndCard,
    card: "DECLINED",
    debited: true,
    charged: true,
    steps: [debitedStep, chargeSent],
  },
  chargeNeverSent: {
    state: "payment_pending",
    ...pointsAndCard,
    card: "APPROVED",
    debited: true,
    steps: [debitedStep, chargeSent],
  },
  pendingWithoutCard: { state: "payment_pending", ...pointsAndCard, card: null, debited: true, steps: [debitedStep] },
  failedAfterDebit: {
    state: "payment_failed",
    ...pointsAndCard,
    card: "DECLINED",
    debited: true,
    charged: true,
    steps: [debitedStep, chargeSent, chargeFailed],
  },
  failedCashOnly: {
    state: "payment_failed",
    points: 0,
    cashMinor: 18_000,
    card: "DECLINED",
    charged: true,
    steps: [chargeSent, chargeFailed],
  },
  debitUnderWay: { state: "priced", ...pointsAndCard, card: "APPROVED", debited: true, sealedToken: true },
  cashOnlyPriced: { state: "priced", points: 0, cashMinor: 18_000, card: "APPROVED" },
  debitedBeforeCharge: { state: "points_debited", ...pointsAndCard, card: "APPROVED", debited: true },
  allPointsDebited: { state: "points_debited", points: 18_000, cashMinor: 0, card: null, debited: true },
  completedInOneStep: {
    state: "completed",
    ...pointsAndCard,
    card: "APPROVED",
    debited: true,
    charged: true,
    steps: [debitedStep, chargeSent],
  },
  keyedPriced: { state: "priced", points: 0, cashMinor: 18_000, card: "APPROVED", keyed: true },
} satisfies Record<string, OldOrder>;

type OrderName = keyof typeof oldOrders;
const ids = {} as Record<OrderName, string>;
let opening: bigint;

beforeAll(async () => {
  // The portal as it was before the retirement: its schema migrated to 0009 only.
  await handle().exec(`DROP SCHEMA "portal" CASCADE; DROP TABLE "drizzle"."${portalMigrations.bookkeepingTable}";`);
  const before = await migrationsUpTo("0009_authorise_first");
  await migrateFolder(handle(), before);
  await before.remove();
  opening = (await accountState(db(), shopperNumber)).balance;
  for (const [name, old] of Object.entries(oldOrders) as [OrderName, OldOrder][]) ids[name] = await placeOldOrder(old);
  await migrateFolder(handle(), portalMigrations);
}, 120_000);

describe("the portal's migration 0011: every order of the one-step charge onto the one checkout path", () => {
  it.each<[OrderName, string]>([
    ["chargedAnswerLost", "capturing"],
    ["declinedAnswerLost", "capturing"],
    ["chargeNeverSent", "capturing"],
    ["pendingWithoutCard", "reversing"],
    ["failedAfterDebit", "reversing"],
    ["failedCashOnly", "cancelled"],
    ["debitUnderWay", "card_authorised"],
    ["cashOnlyPriced", "priced"],
    ["debitedBeforeCharge", "reversing"],
    ["allPointsDebited", "points_debited"],
    ["completedInOneStep", "completed"],
    ["keyedPriced", "priced"],
  ])("moves %s to %s, with the order's own authorisation keys", async (name, state) => {
    const [row] = await db().select().from(orders).where(eq(orders.id, ids[name]));
    expect(row!.state).toBe(state);
    expect(row).toMatchObject({
      authoriseKey: `checkout-${row!.id}-authorise`,
      captureKey: `checkout-${row!.id}-capture`,
      voidKey: `checkout-${row!.id}-void`,
      chargeKey: `checkout-${row!.id}-charge`,
    });
  });

  it("says so on the timeline of each order it moved, and of no other", async () => {
    for (const name of Object.keys(oldOrders) as OrderName[]) {
      const [row] = await db().select().from(orders).where(eq(orders.id, ids[name]));
      const entries = await timeline(ids[name]);
      const added = entries.filter((entry) => entry.actor === "migration");
      const moved = row!.state !== oldOrders[name].state;
      expect(added, name).toHaveLength(moved ? 1 : 0);
      if (moved) expect(added[0]!.state, name).toBe(row!.state);
    }
    const [cancelled] = (await timeline(ids.failedCashOnly)).filter((entry) => entry.actor === "migration");
    expect(cancelled).toMatchObject({ step: "cancelled", description: "Nothing was debited or charged" });
    const [abandoned] = (await timeline(ids.debitUnderWay)).filter((entry) => entry.actor === "migration");
    expect(abandoned!.description).toMatch(/nothing will be charged to the card, and any points used are returned/);
  });

  it("names the retired steps of old timelines as the one path does, keeping what the member read and the call", async () => {
    const entries = await timeline(ids.failedAfterDebit);
    expect(entries.map((entry) => [entry.step, entry.state])).toEqual([
      ["priced", "priced"],
      ["points_debited", "points_debited"],
      ["capturing", "capturing"],
      ["capture_failed", "voiding"],
      ["converted", "reversing"],
    ]);
    expect(entries[3]).toMatchObject({
      description: "No money was taken: your card was declined.",
      operation: "charge",
      httpStatus: 402,
      actor: "member",
    });
    const names = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM portal.order_events
        WHERE step IN ('payment_pending', 'payment_failed') OR state IN ('payment_pending', 'payment_failed')`),
    );
    expect(names[0]!.n).toBe(0);
  });

  it("leaves the timeline append-only again", async () => {
    const [entry] = await timeline(ids.failedAfterDebit);
    const refused = await db()
      .execute(sql`UPDATE portal.order_events SET description = 'rewritten' WHERE id = ${entry!.id}`)
      .then(
        () => undefined,
        (error: unknown) => error as { cause?: { message?: string }; message: string },
      );
    expect(refused?.cause?.message ?? refused?.message).toMatch(/append-only \(UPDATE refused\)/);
  });

  it("refuses the retired states from now on", async () => {
    const refused = await db()
      .execute(sql`UPDATE portal.orders SET state = 'payment_pending' WHERE id = ${ids.keyedPriced}`)
      .then(
        () => undefined,
        (error: unknown) => error as { cause?: { message?: string }; message: string },
      );
    expect(refused?.cause?.message ?? refused?.message).toMatch(/orders_state_known/);
  });

  it("then the recovery worker settles each, asking the processor and never charging again", async () => {
    for (let pass = 1; pass <= 8; pass += 1) {
      const report = await runOnce(harness.deps({ now: afterLeases(pass * 10 * 60_000) }));
      if (report.claimed === 0) break;
    }
    const ends: Record<OrderName, string> = {
      chargedAnswerLost: "completed",
      declinedAnswerLost: "points_returned",
      chargeNeverSent: "points_returned",
      pendingWithoutCard: "points_returned",
      failedAfterDebit: "points_returned",
      failedCashOnly: "cancelled",
      debitUnderWay: "points_returned",
      cashOnlyPriced: "completed",
      debitedBeforeCharge: "points_returned",
      allPointsDebited: "completed",
      completedInOneStep: "completed",
      keyedPriced: "completed",
    };
    for (const name of Object.keys(ends) as OrderName[]) {
      const facts = await orderFacts(db(), ids[name]);
      expect(facts.order.state, name).toBe(ends[name]);
      expect(facts.debits.length, name).toBeLessThanOrEqual(1);
      expect(facts.reversals.length, name).toBeLessThanOrEqual(1);
      expect(facts.charges.length, name).toBeLessThanOrEqual(1);
      expect(facts.openHolds, name).toBe(0);
      const kept = ends[name] === "completed";
      expect(facts.pointsKept, name).toBe(kept ? facts.order.points : 0);
      expect(facts.cashKept, name).toBe(kept ? facts.order.cashMinor : 0);
      // Only the order that had nothing held or charged yet is held now; nobody sent a one-step charge.
      const heldNow = name === "cashOnlyPriced" || name === "keyedPriced";
      expect(facts.authorisations, name).toHaveLength(heldNow ? 1 : 0);
      if (!heldNow) expect(facts.charges.length, name).toBe((oldOrders[name] as OldOrder).charged ? 1 : 0);
    }
    const [charged] = (await orderFacts(db(), ids.chargedAnswerLost)).captured;
    expect((await orderFacts(db(), ids.chargedAnswerLost)).order.chargeId).toBe(charged!.id);
    const ledger = await accountState(db(), shopperNumber);
    // Kept: the charged order's points, the all-points order's, and those of the order completed before.
    expect(ledger.balance).toBe(opening - 3_000n - 18_000n - 3_000n);
    expect(ledger.journalSum).toBe(ledger.balance);
  });

  it("can still cancel a completed order charged in one step: points reversed, the charge refunded", async () => {
    const before = (await accountState(db(), shopperNumber)).balance;
    const result = await cancelOrder(
      { orderId: ids.completedInOneStep, actor: { kind: "member", membershipNumber: shopperNumber } },
      harness.deps(),
    );
    expect(result.kind).toBe("cancelled");
    const facts = await orderFacts(db(), ids.completedInOneStep);
    expect(facts.order.state).toBe("cancelled");
    expect(facts.refunds).toHaveLength(1);
    expect(facts.reversals).toHaveLength(1);
    expect(facts.cashKept).toBe(0);
    expect(facts.pointsKept).toBe(0);
    expect((await accountState(db(), shopperNumber)).balance).toBe(before + 3_000n);
  });
});
