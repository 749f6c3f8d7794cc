import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventTypes } from "@/lib/contract/webhook-events";
import { resetEnvironmentCache } from "@/server/config/env";
import {
  developerAccounts,
  developerLoginThrottles,
  developerSessions,
} from "@/server/loyalty/developers/developer-tables";
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "@/server/loyalty/events/event-tables";
import { transactions } from "@/server/loyalty/ledger/ledger-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { createEndpoint } from "@/server/loyalty/events/manage-endpoints";
import { runMaintenance } from "@/server/loyalty/maintenance/run-maintenance";
import { purgeWebhookHistory } from "@/server/loyalty/maintenance/purge-webhook-history";
import { setupTestDatabase } from "../support/test-database";

process.env.WEBHOOK_EVENT_RETENTION_DAYS = "30";
process.env.WEBHOOK_ATTEMPT_RETENTION_DAYS = "30";
resetEnvironmentCache();
afterAll(() => resetEnvironmentCache());

const { db } = setupTestDatabase();
const now = new Date("2031-06-01T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
let partnerId = 0;
let endpointId = 0;

beforeAll(async () => {
  const [partner] = await db().select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
  partnerId = partner!.id;
  const created = await createEndpoint(db(), partnerId, {
    url: "https://hooks.example.com/in",
    eventTypes: [...eventTypes],
  });
  if ("refused" in created) throw new Error(created.refused);
  endpointId = created.id;
});

/** An event with its delivery (by the fan-out trigger) in the given state, and one attempt at the given time. */
async function eventWithDelivery(createdAt: Date, state: "pending" | "delivered" | "failed", attemptedAt: Date) {
  const [event] = await db()
    .insert(webhookEvents)
    .values({ partnerId, type: "points.credited", data: {}, test: true, createdAt })
    .returning({ id: webhookEvents.id });
  const [delivery] = await db()
    .update(webhookDeliveries)
    .set({ state, updatedAt: attemptedAt, nextAttemptAt: attemptedAt })
    .where(eq(webhookDeliveries.eventId, event!.id))
    .returning({ id: webhookDeliveries.id });
  await db()
    .insert(webhookAttempts)
    .values({ deliveryId: delivery!.id, attemptedAt, statusCode: 200, latencyMs: 5, responseExcerpt: "ok" });
  return { eventId: event!.id, deliveryId: delivery!.id };
}

async function remainingEvents(ids: string[]) {
  const rows = await db().select({ id: webhookEvents.id }).from(webhookEvents).where(inArray(webhookEvents.id, ids));
  return rows.map((row) => row.id).sort();
}

describe("the events' retention", () => {
  it("deletes old attempts and old events with their deliveries, keeps recent ones and any still being delivered", async () => {
    const oldDelivered = await eventWithDelivery(daysAgo(40), "delivered", daysAgo(40));
    const oldFailed = await eventWithDelivery(daysAgo(31), "failed", daysAgo(31));
    const oldPending = await eventWithDelivery(daysAgo(40), "pending", daysAgo(40));
    const recent = await eventWithDelivery(daysAgo(29), "delivered", daysAgo(29));
    // A replayed old event: an old attempt beside a recent one, the event itself past its retention.
    const replayed = await eventWithDelivery(daysAgo(35), "pending", daysAgo(35));
    await db()
      .insert(webhookAttempts)
      .values({ deliveryId: replayed.deliveryId, attemptedAt: daysAgo(1), latencyMs: 10_000, statusCode: null });

    const purged = await purgeWebhookHistory(db(), now);
    expect(purged).toEqual({ webhookAttempts: 4, webhookEvents: 2 });
    const ids = [oldDelivered, oldFailed, oldPending, recent, replayed].map((event) => event.eventId);
    expect(await remainingEvents(ids)).toEqual([oldPending.eventId, recent.eventId, replayed.eventId].sort());
    // The deleted events' deliveries went with them; the kept ones keep theirs.
    const deliveries = await db()
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.eventId, ids));
    expect(deliveries.map((row) => row.id).sort()).toEqual(
      [oldPending.deliveryId, recent.deliveryId, replayed.deliveryId].sort(),
    );
    const attempts = await db()
      .select({ deliveryId: webhookAttempts.deliveryId, at: webhookAttempts.attemptedAt })
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, [oldPending.deliveryId, recent.deliveryId, replayed.deliveryId]));
    expect(attempts.map((row) => row.at.getTime()).sort()).toEqual(
      [daysAgo(29), daysAgo(1)].map((d) => d.getTime()).sort(),
    );

    // Once the pending one is delivered, it goes at the next pass; nothing else is left to delete.
    await db()
      .update(webhookDeliveries)
      .set({ state: "delivered" })
      .where(eq(webhookDeliveries.id, oldPending.deliveryId));
    expect(await purgeWebhookHistory(db(), now)).toEqual({ webhookAttempts: 0, webhookEvents: 1 });
    expect(await purgeWebhookHistory(db(), now)).toEqual({ webhookAttempts: 0, webhookEvents: 0 });
  });

  it("deletes a large backlog in slices, down to the last row", async () => {
    await db().delete(webhookEvents);
    await db().delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    // 1,234 events of a partner without endpoints (no deliveries), and 12,345 attempts of one old delivery.
    await db().execute(sql`
      INSERT INTO loyalty.webhook_events (partner_id, type, data, test, created_at)
      SELECT ${partnerId}, 'points.credited', '{}'::jsonb, true, ${daysAgo(60).toISOString()}::timestamptz
      FROM generate_series(1, 1234)`);
    const endpoint = await createEndpoint(db(), partnerId, {
      url: "https://hooks.example.com/backlog",
      eventTypes: [...eventTypes],
    });
    if ("refused" in endpoint) throw new Error(endpoint.refused);
    const { deliveryId } = await eventWithDelivery(daysAgo(1), "delivered", daysAgo(45));
    await db().execute(sql`
      INSERT INTO loyalty.webhook_attempts (delivery_id, attempted_at, latency_ms)
      SELECT ${deliveryId.toString()}::bigint, ${daysAgo(45).toISOString()}::timestamptz, 1 FROM generate_series(1, 12344)`);

    expect(await purgeWebhookHistory(db(), now)).toEqual({ webhookAttempts: 12_345, webhookEvents: 1_234 });
    const [left] = await db().select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.partnerId, partnerId));
    expect(left!.n).toBe(1);
  });
});

describe("the maintenance pass", () => {
  it("also deletes ended developer sessions and developer sign-in throttles that count no more, and never money", async () => {
    const [account] = await db()
      .select()
      .from(developerAccounts)
      .where(eq(developerAccounts.email, "developer@demopartner.example"));
    await db()
      .insert(developerSessions)
      .values([
        {
          idHash: "e".repeat(64),
          accountId: account!.id,
          expiresAt: new Date(now.getTime() - 1_000),
          createdAt: daysAgo(1),
        },
        {
          idHash: "f".repeat(64),
          accountId: account!.id,
          expiresAt: new Date(now.getTime() + 3_600_000),
          createdAt: now,
        },
      ]);
    await db()
      .insert(developerLoginThrottles)
      .values([
        // A lock that is over, a count whose window has passed: both count no more.
        {
          email: "over-lock@example.test",
          clientKey: "198.51.100.7",
          failedAttempts: 5,
          firstFailedAt: daysAgo(1),
          lockedUntil: daysAgo(0.5),
        },
        {
          email: "over-window@example.test",
          clientKey: "198.51.100.7",
          failedAttempts: 2,
          firstFailedAt: daysAgo(1),
          lockedUntil: null,
        },
        // Still locked, and a count still in its window: both kept.
        {
          email: "locked@example.test",
          clientKey: "198.51.100.7",
          failedAttempts: 5,
          firstFailedAt: now,
          lockedUntil: new Date(now.getTime() + 60_000),
        },
        {
          email: "counting@example.test",
          clientKey: "198.51.100.7",
          failedAttempts: 1,
          firstFailedAt: now,
          lockedUntil: null,
        },
      ]);
    const [journalBefore] = await db().select({ n: count() }).from(transactions);

    const report = await runMaintenance(db(), now);
    expect(report).toMatchObject({ developerSessions: 1, developerLoginThrottles: 2 });
    const sessions = await db().select({ idHash: developerSessions.idHash }).from(developerSessions);
    expect(sessions.map((row) => row.idHash)).toContain("f".repeat(64));
    expect(sessions.map((row) => row.idHash)).not.toContain("e".repeat(64));
    const throttles = await db().select({ email: developerLoginThrottles.email }).from(developerLoginThrottles);
    expect(throttles.map((row) => row.email).sort()).toEqual(["counting@example.test", "locked@example.test"]);

    // Years later, the journal is still whole: the service never deletes money.
    await runMaintenance(db(), new Date("2045-01-01T00:00:00Z"));
    const [journalAfter] = await db().select({ n: count() }).from(transactions);
    expect(journalAfter!.n).toBe(journalBefore!.n);
    expect(journalBefore!.n).toBeGreaterThan(0);
  });
});
