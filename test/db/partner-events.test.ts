import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvironmentCache } from "@/server/config/env";
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "@/server/loyalty/events/event-tables";
import { members } from "@/server/loyalty/members/member-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { signUpDeveloper } from "@/server/loyalty/developers/sign-up-developer";
import { deliverDue } from "@/server/loyalty/events/delivery/deliver-due";
import { startDeliveryWorker, type DeliveryWorker } from "@/server/loyalty/events/delivery/start-delivery-worker";
import { receiveWebhook } from "@/server/loyalty/events/built-in-receiver";
import { webhookHeaders } from "@/server/loyalty/events/delivery/sign-webhook";
import { createEndpoint, rollEndpointSecret, setEndpointEnabled } from "@/server/loyalty/events/manage-endpoints";
import { updateMembership } from "@/server/loyalty/members/update-membership";
import { replayEvent, replayFailedSince } from "@/server/loyalty/events/replay-events";
import { cancelOrder } from "@/server/portal/checkout/cancel-order";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { eventTypes } from "@/lib/contract/webhook-events";
import {
  checkoutHarness,
  memberToken,
  optionIdFor,
  quoteFor,
  shopperNumber,
  testCards,
  tokenisedCard,
} from "../support/checkout-harness";
import { creditBody, debitBody, postCredit, postDebit } from "../support/ledger-requests";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";
import { startWebhookReceiver, waitUntil } from "../support/webhook-receiver";

const schedule = [1, 2, 3];
const jitter = 0.25;
const intervalMs = 100;
process.env.WEBHOOK_PRIVATE_TARGETS = "on";
process.env.WEBHOOK_RETRY_SCHEDULE = schedule.join(",");
process.env.WEBHOOK_RETRY_JITTER = String(jitter);
process.env.WEBHOOK_WORKER_INTERVAL_MS = String(intervalMs);
process.env.WEBHOOK_TIMEOUT_MS = "3000";
process.env.WEBHOOK_WORKER_LEASE_MS = "10000";
process.env.NEXTAUTH_SECRET ??= "events-test-secret-of-at-least-thirty-two-characters";
resetEnvironmentCache();

const { db } = setupTestDatabase();
const harness = checkoutHarness(db);
let worker: DeliveryWorker | undefined;
let demoPartnerId = 0;

beforeAll(async () => {
  const [demo] = await db().select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
  demoPartnerId = demo!.id;
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await db().delete(webhookEndpoints);
});
afterAll(() => resetEnvironmentCache());

function runWorker() {
  worker = startDeliveryWorker(async () => db(), { intervalMs });
}

async function debitDemoMember(amount = "100") {
  const token = await issueMemberToken(db(), shopperNumber, { scope: "read" });
  const answer = await postDebit({
    token,
    body: debitBody({ monetaryAmount: { amount, currency: { currencyCode: "POINTS" } } }),
    account: shopperNumber,
  });
  return answer;
}

async function eventsOf(partnerId: number) {
  return db().select().from(webhookEvents).where(eq(webhookEvents.partnerId, partnerId));
}

async function endpointFor(partnerId: number, url: string) {
  const created = await createEndpoint(db(), partnerId, { url, eventTypes: [...eventTypes] });
  if ("refused" in created) throw new Error(`endpoint refused: ${created.refused}`);
  return created;
}

describe("the outbox: an event exactly when the change committed", () => {
  it("a debit writes its points.debited event in its own statement; refused debits write none", async () => {
    const before = (await eventsOf(demoPartnerId)).length;
    const debit = await debitDemoMember("100");
    expect(debit.status, debit.text).toBe(201);
    const after = await eventsOf(demoPartnerId);
    expect(after).toHaveLength(before + 1);
    const newest = after.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    expect(newest.type).toBe("points.debited");
    expect(newest.data).toMatchObject({
      programmeIdentifier: "NORTHSTAR",
      membershipNumber: shopperNumber,
      transaction: { points: "100", agentId: null },
    });

    const refused = await debitDemoMember("999999999");
    expect(refused.status).toBe(400);
    expect(await eventsOf(demoPartnerId)).toHaveLength(before + 1);
  });
});

describe("membership events", () => {
  it("a membership update that changes something writes membership.updated with the element names, never the values", async () => {
    const before = (await eventsOf(demoPartnerId)).length;
    await updateMembership(
      db(),
      "3081000000000003",
      { member: { person: { emailAddresses: { preferredEmailAddress: { emailAddress: "events@example.test" } } } } },
      { partnerId: demoPartnerId, agentId: "AGENT7" },
    );
    const after = await eventsOf(demoPartnerId);
    expect(after).toHaveLength(before + 1);
    const event = after.find((row) => row.type === "membership.updated")!;
    expect(event.data).toMatchObject({ membershipNumber: "3081000000000003", agentId: "AGENT7" });
    expect((event.data as { changedElements: string[] }).changedElements.length).toBeGreaterThan(0);
    expect(JSON.stringify(event.data)).not.toMatch(/events@example/i);

    // Nothing changed, nothing written.
    await updateMembership(db(), "3081000000000003", {}, { partnerId: demoPartnerId });
    expect(await eventsOf(demoPartnerId)).toHaveLength(before + 1);
  });
});

describe("the built-in receiver", () => {
  it("verifies with the endpoint's secrets (both during a rollover) and records what it got", async () => {
    const url = "http://localhost:3000/developers/receiver/DEMOPARTNER01";
    const { id, secret } = await endpointFor(demoPartnerId, url);
    const body = JSON.stringify({ type: "points.credited", timestamp: new Date().toISOString(), data: {} });
    const post = (headers: Record<string, string>, sent = body) =>
      receiveWebhook(db(), "DEMOPARTNER01", url, new Headers(headers), sent, new Date());
    expect(await post(webhookHeaders("evt_one", body, [secret], new Date()))).toEqual({ status: 204 });
    expect((await post(webhookHeaders("evt_two", body, [secret], new Date()), `${body} `)).status).toBe(400);
    const newSecret = await rollEndpointSecret(db(), demoPartnerId, id, new Date());
    expect(await post(webhookHeaders("evt_three", body, [secret], new Date()))).toEqual({ status: 204 });
    expect(await post(webhookHeaders("evt_four", body, [newSecret!], new Date()))).toEqual({ status: 204 });
    expect(await receiveWebhook(db(), "NOSUCHPARTNER", url, new Headers(), body, new Date())).toEqual({ status: 404 });
  });
});

describe("delivery", () => {
  it("signs every delivery so that standardwebhooks verifies it, and rejects a changed body or an old timestamp", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { secret } = await endpointFor(demoPartnerId, receiver.url);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      expect((await debitDemoMember()).status).toBe(201);
      runWorker();
      await waitUntil(() => receiver.received.length === 1, 20_000, "the delivery");
      const [webhook] = receiver.received;
      expect(webhook!.id).toMatch(/^evt_[0-9a-f]{32}$/);
      const payload = receiver.verify(secret, webhook!) as { type: string; data: { membershipNumber: string } };
      expect(payload.type).toBe("points.debited");
      expect(payload.data.membershipNumber).toBe(shopperNumber);
      expect(() => receiver.verify(secret, webhook!, webhook!.body.replace('"100"', '"900"'))).toThrow();
      expect(() => receiver.verify(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, webhook!)).toThrow();
      await worker!.stop();
      worker = undefined;

      // The same event sent again with a clock ten minutes behind: a captured, replayed post looks like this.
      const past = new Date(Date.now() - 10 * 60_000);
      await replayEvent(db(), demoPartnerId, webhook!.id, past);
      await deliverDue(db(), () => past);
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.id).toBe(webhook!.id);
      expect(() => receiver.verify(secret, receiver.received[1]!)).toThrow(/timestamp/i);
    } finally {
      await receiver.close();
    }
  });

  it("during a secret's rollover, each post carries a signature by each secret, and either verifies it", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { id, secret: oldSecret } = await endpointFor(demoPartnerId, receiver.url);
      const newSecret = (await rollEndpointSecret(db(), demoPartnerId, id, new Date()))!;
      expect((await debitDemoMember()).status).toBe(201);
      await deliverDue(db());
      expect(receiver.received).toHaveLength(1);
      const [webhook] = receiver.received;
      expect(webhook!.signature.split(" ").map((part) => part.slice(0, 3))).toEqual(["v1,", "v1,"]);
      receiver.verify(oldSecret, webhook!);
      receiver.verify(newSecret, webhook!);
    } finally {
      await receiver.close();
    }
  });

  it("a receiver answering 500 three times then 200 gets the event four times, same id, after the configured back-off", async () => {
    const receiver = await startWebhookReceiver({ answers: [500, 500, 500, 200] });
    try {
      const { secret } = await endpointFor(demoPartnerId, receiver.url);
      const credit = await postCredit({ body: creditBody(), account: shopperNumber });
      expect(credit.status, credit.text).toBe(201);
      runWorker();
      await waitUntil(() => receiver.received.length === 4, 30_000, "four attempts");
      const ids = new Set(receiver.received.map((webhook) => webhook.id));
      expect(ids.size).toBe(1);
      for (const webhook of receiver.received)
        expect(receiver.verify(secret, webhook)).toMatchObject({ type: "points.credited" });
      for (let i = 0; i < 3; i += 1) {
        const gap = receiver.received[i + 1]!.at - receiver.received[i]!.at;
        expect(gap).toBeGreaterThanOrEqual(schedule[i]! * 1000);
        expect(gap).toBeLessThan(schedule[i]! * 1000 * (1 + jitter) + intervalMs + 1_000);
      }
      const [delivery] = await db()
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.eventId, receiver.received[0]!.id));
      await waitUntil(
        async () =>
          (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id)))[0]?.state ===
          "delivered",
        20_000,
        "the delivery recorded",
      );
      const attempts = await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id));
      expect(attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 500, 200]);

      // Replay: the same event again, with the same id.
      expect(await replayEvent(db(), demoPartnerId, receiver.received[0]!.id, new Date())).toBe(1);
      await waitUntil(() => receiver.received.length === 5, 10_000, "the replay");
      expect(receiver.received[4]!.id).toBe(receiver.received[0]!.id);
      expect(receiver.verify(secret, receiver.received[4]!)).toMatchObject({ type: "points.credited" });
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it("a 410 turns the endpoint off; a replay of failed events after turning it on delivers them with their ids", async () => {
    const receiver = await startWebhookReceiver({ answers: [410, 200] });
    try {
      const { id: endpointId, secret } = await endpointFor(demoPartnerId, receiver.url);
      const since = new Date(Date.now() - 1_000);
      expect((await debitDemoMember()).status).toBe(201);
      runWorker();
      await waitUntil(
        async () =>
          (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)))[0]?.enabled === false,
        20_000,
        "the endpoint disabled",
      );
      expect(receiver.received).toHaveLength(1);
      const gone = receiver.received[0]!;
      receiver.verify(secret, gone);
      const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
      expect(endpoint!.disabledReason).toMatch(/410/);

      // Nothing more reaches a disabled endpoint.
      expect((await debitDemoMember()).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5 * intervalMs));
      expect(receiver.received).toHaveLength(1);

      expect(await setEndpointEnabled(db(), demoPartnerId, endpointId, true)).toBe(true);
      expect(await replayFailedSince(db(), demoPartnerId, since, new Date())).toBe(1);
      await waitUntil(() => receiver.received.length === 2, 10_000, "the replayed failure");
      expect(receiver.received[1]!.id).toBe(gone.id);
      receiver.verify(secret, receiver.received[1]!);
    } finally {
      await receiver.close();
    }
  }, 40_000);

  it("several workers on one database post each attempt once", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { secret } = await endpointFor(demoPartnerId, receiver.url);
      for (let i = 0; i < 6; i += 1) expect((await debitDemoMember("10")).status).toBe(201);
      const passes = await Promise.all(Array.from({ length: 4 }, () => deliverDue(db())));
      expect(passes.reduce((total, pass) => total + pass.claimed, 0)).toBe(6);
      expect(receiver.received).toHaveLength(6);
      expect(new Set(receiver.received.map((webhook) => webhook.id)).size).toBe(6);
      for (const webhook of receiver.received) receiver.verify(secret, webhook);
    } finally {
      await receiver.close();
    }
  });
});

describe("who receives what", () => {
  it("two partners each receive only their own events; a staff refund reversing A's debit reaches A only", async () => {
    const signUp = await signUpDeveloper(db(), {
      email: `events-${randomUUID()}@example.test`,
      password: "correct horse battery",
      address: "192.0.2.55",
      now: new Date(),
    });
    if (signUp.outcome !== "signed-up") throw new Error(signUp.message);
    const [partnerB] = await db()
      .select()
      .from(partners)
      .where(eq(partners.partnerIdentifier, signUp.credentials.partnerIdentifier));
    const receiverA = await startWebhookReceiver();
    const receiverB = await startWebhookReceiver();
    try {
      const endpointA = await endpointFor(demoPartnerId, receiverA.url);
      const endpointB = await endpointFor(partnerB!.id, receiverB.url);
      const [copy] = await db()
        .select({ membershipNumber: members.membershipNumber })
        .from(members)
        .where(and(eq(members.sandboxPartnerId, partnerB!.id), eq(members.personaNumber, shopperNumber)));
      const membershipB = copy!.membershipNumber;
      const tokenB = await issueMemberToken(db(), membershipB, {
        scope: "read",
        partnerIdentifier: partnerB!.partnerIdentifier,
      });
      const debitB = await postDebit({
        token: tokenB,
        body: debitBody(),
        account: membershipB,
        apiKey: signUp.credentials.stagingApiKey,
      });
      expect(debitB.status, debitB.text).toBe(201);

      // A's debit by the portal's checkout (A's key), refunded by a member of staff.
      const option = { points: 5_000, cashMinor: 13_000 };
      const placed = await placeOrder(
        {
          member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
          quoteId: await quoteFor(db(), option),
          optionId: optionIdFor(option),
          card: await tokenisedCard(testCards.APPROVED),
          checkoutKey: randomUUID(),
        },
        harness.deps(),
      );
      if (placed.kind !== "placed") throw new Error("the order was not placed");
      const refunded = await cancelOrder(
        { orderId: placed.order.id, actor: { kind: "staff", username: "staff.admin", reason: "Customer asked" } },
        harness.deps(),
      );
      expect(refunded.kind).not.toBe("refused");

      runWorker();
      await waitUntil(() => receiverA.received.length >= 2 && receiverB.received.length >= 1, 20_000, "deliveries");
      await new Promise((resolve) => setTimeout(resolve, 5 * intervalMs));
      const typesA = receiverA.received.map(
        (webhook) => (receiverA.verify(endpointA.secret, webhook) as { type: string }).type,
      );
      const typesB = receiverB.received.map(
        (webhook) => (receiverB.verify(endpointB.secret, webhook) as { type: string }).type,
      );
      expect(typesA.sort()).toEqual(["points.debited", "points.reversed"]);
      expect(typesB).toEqual(["points.debited"]);
      const bodiesB = receiverB.received.map((webhook) => webhook.body).join("\n");
      expect(bodiesB).toContain(membershipB);
      expect(bodiesB).not.toContain(shopperNumber);
      const reversal = receiverA.received.find((webhook) => webhook.body.includes("points.reversed"))!;
      const debitA = receiverA.received.find((webhook) => webhook.body.includes("points.debited"))!;
      // A reversal's event names the debit it reverses; its account was given by id, so member and programme are joined.
      expect(JSON.parse(reversal.body).data).toMatchObject({
        programmeIdentifier: "NORTHSTAR",
        membershipNumber: shopperNumber,
        transaction: { points: "5000" },
        reversedTransactionIdentifier: JSON.parse(debitA.body).data.transaction.identifier,
      });
      // B never holds A's events, nor A B's.
      const eventsB = await db()
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.partnerId, partnerB!.id)));
      expect(eventsB.map((event) => event.type)).toEqual(["points.debited"]);
    } finally {
      await receiverA.close();
      await receiverB.close();
    }
  }, 60_000);
});
