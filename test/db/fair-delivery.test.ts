import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { eq, inArray, isNotNull, and } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventTypes } from "@/lib/contract/webhook-events";
import { env, resetEnvironmentCache } from "@/server/config/env";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/server/loyalty/events/event-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { claimDeliveries, type ClaimOptions } from "@/server/loyalty/events/delivery/claim-deliveries";
import { startDeliveryWorker, type DeliveryWorker } from "@/server/loyalty/events/delivery/start-delivery-worker";
import { createEndpoint } from "@/server/loyalty/events/manage-endpoints";
import { setupTestDatabase } from "../support/test-database";
import { startWebhookReceiver, waitUntil } from "../support/webhook-receiver";

/**
 * Fair delivery: one partner's many slow endpoints hold a bounded share of
 * the posts, so another partner's delivery is claimed at once and posted
 * without waiting for them.
 */
const timeoutMs = 1_500;
const intervalMs = 100;
process.env.WEBHOOK_PRIVATE_TARGETS = "on";
process.env.WEBHOOK_TIMEOUT_MS = String(timeoutMs);
process.env.WEBHOOK_WORKER_LEASE_MS = "10000";
process.env.WEBHOOK_WORKER_INTERVAL_MS = String(intervalMs);
process.env.WEBHOOK_RETRY_SCHEDULE = "60";
process.env.WEBHOOK_RETRY_JITTER = "0";
resetEnvironmentCache();

const { db } = setupTestDatabase();
let partnerA = 0;
let partnerB = 0;
let worker: DeliveryWorker | undefined;

beforeAll(async () => {
  const rows = await db().select().from(partners);
  partnerA = rows.find((row) => row.partnerIdentifier === "DEMOPARTNER01")!.id;
  partnerB = rows.find((row) => row.partnerIdentifier === "INACTIVEPTR02")!.id;
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await db().delete(webhookEvents);
  await db().delete(webhookEndpoints);
});
afterAll(() => resetEnvironmentCache());

function claimOptions(batch: number): ClaimOptions {
  const config = env();
  return {
    leaseMs: config.WEBHOOK_WORKER_LEASE_MS,
    batch,
    partnerInFlight: config.WEBHOOK_PARTNER_IN_FLIGHT,
    endpointInFlight: config.WEBHOOK_ENDPOINT_IN_FLIGHT,
  };
}

async function endpoints(partnerId: number, urls: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const url of urls) {
    const created = await createEndpoint(db(), partnerId, { url, eventTypes: [...eventTypes] });
    if ("refused" in created) throw new Error(`endpoint refused: ${created.refused}`);
    ids.push(created.id);
  }
  return ids;
}

/** `count` test events of the partner, each queued by the fan-out trigger for every endpoint of the partner. */
async function events(partnerId: number, count: number, at: Date): Promise<string[]> {
  const rows = await db()
    .insert(webhookEvents)
    .values(
      Array.from({ length: count }, (_, index) => ({
        partnerId,
        type: "points.credited",
        data: { index },
        test: true,
        createdAt: at,
      })),
    )
    .returning({ id: webhookEvents.id });
  return rows.map((row) => row.id);
}

async function deliveriesOf(eventIds: string[]) {
  return db().select().from(webhookDeliveries).where(inArray(webhookDeliveries.eventId, eventIds));
}

describe("the fair claim", () => {
  it("takes partner B's one delivery in the first claim, behind partner A's 500 older ones on 10 endpoints", async () => {
    const config = env();
    const endpointsA = await endpoints(
      partnerA,
      Array.from({ length: 10 }, (_, index) => `http://127.0.0.1:9/slow/${index}`),
    );
    const eventsA = await events(partnerA, 50, new Date(Date.now() - 60_000));
    await endpoints(partnerB, ["http://127.0.0.1:9/b"]);
    const [eventB] = await events(partnerB, 1, new Date());
    expect(await deliveriesOf(eventsA)).toHaveLength(500);
    // B's delivery is the newest of all: a claim in order of due time would take ten of A's first.
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 60_000) });
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(webhookDeliveries.eventId, eventB!));

    const now = new Date();
    const first = await claimDeliveries(db(), now, claimOptions(10));
    expect(first.map((claim) => claim.eventId)).toContain(eventB);
    const firstA = first.filter((claim) => eventsA.includes(claim.eventId));
    expect(firstA.length).toBeLessThanOrEqual(config.WEBHOOK_PARTNER_IN_FLIGHT);
    // Round-robin across A's endpoints: no endpoint holds more than its cap, and A's turns spread over several.
    const perEndpoint = new Map<string, number>();
    for (const claim of firstA) perEndpoint.set(claim.url, (perEndpoint.get(claim.url) ?? 0) + 1);
    expect(Math.max(...perEndpoint.values())).toBeLessThanOrEqual(config.WEBHOOK_ENDPOINT_IN_FLIGHT);
    expect(perEndpoint.size).toBe(Math.min(endpointsA.length, config.WEBHOOK_PARTNER_IN_FLIGHT));

    // While A's leases hold, A is at its cap: a later claim takes none of A's, however much of A's is due.
    expect(await claimDeliveries(db(), new Date(now.getTime() + 1_000), claimOptions(10))).toEqual([]);
    // Once those leases end (a worker killed mid-post), A's deliveries are claimed again, still within the cap.
    const later = await claimDeliveries(
      db(),
      new Date(now.getTime() + config.WEBHOOK_WORKER_LEASE_MS + 1),
      claimOptions(100),
    );
    expect(later.filter((claim) => eventsA.includes(claim.eventId))).toHaveLength(config.WEBHOOK_PARTNER_IN_FLIGHT);
  });

  it("keeps the caps exact when claims on several connections race (leases counted in the database)", async () => {
    const config = env();
    await endpoints(
      partnerA,
      Array.from({ length: 10 }, (_, index) => `http://127.0.0.1:9/race/${index}`),
    );
    const eventsA = await events(partnerA, 30, new Date(Date.now() - 60_000));
    const now = new Date(Date.now() + 1_000);
    const claims = (
      await Promise.all(Array.from({ length: 8 }, () => claimDeliveries(db(), now, claimOptions(10))))
    ).flat();
    expect(claims).toHaveLength(config.WEBHOOK_PARTNER_IN_FLIGHT);
    expect(new Set(claims.map((claim) => claim.deliveryId)).size).toBe(claims.length);
    const leased = await db()
      .select()
      .from(webhookDeliveries)
      .where(and(inArray(webhookDeliveries.eventId, eventsA), isNotNull(webhookDeliveries.leaseToken)));
    expect(leased).toHaveLength(config.WEBHOOK_PARTNER_IN_FLIGHT);
  });
});

/** A receiver that accepts connections and reads what is sent, and never answers. */
async function startSilentReceiver() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("data", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    open: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("the worker", () => {
  it("posts B's event while A's posts to a receiver that never answers are under way, then stops after them", async () => {
    const config = env();
    const silent = await startSilentReceiver();
    const receiver = await startWebhookReceiver();
    try {
      await endpoints(
        partnerA,
        Array.from({ length: 10 }, (_, index) => silent.url(`/hang/${index}`)),
      );
      await events(partnerA, 20, new Date());
      await endpoints(partnerB, [receiver.url]);
      worker = startDeliveryWorker(async () => db(), { intervalMs });
      // A's posts hang, as many at once as A's cap allows.
      await waitUntil(() => silent.open() === config.WEBHOOK_PARTNER_IN_FLIGHT, 10_000, "A's posts under way");

      const [eventB] = await events(partnerB, 1, new Date());
      const sentAt = Date.now();
      await waitUntil(() => receiver.received.length === 1, timeoutMs * 4, "B's delivery");
      expect(receiver.received[0]!.id).toBe(eventB);
      // Posted without waiting for any of A's posts to end.
      expect(receiver.received[0]!.at - sentAt).toBeLessThan(timeoutMs);
      expect(silent.open()).toBeLessThanOrEqual(config.WEBHOOK_PARTNER_IN_FLIGHT);

      // stop() lets the posts under way end (their time limit) and records them before it resolves.
      const stopping = Date.now();
      await worker!.stop();
      worker = undefined;
      expect(Date.now() - stopping).toBeLessThan(timeoutMs + 2_000);
      const stillLeased = await db().select().from(webhookDeliveries).where(isNotNull(webhookDeliveries.leaseToken));
      expect(stillLeased).toEqual([]);
    } finally {
      await silent.close();
      await receiver.close();
    }
  }, 30_000);
});
