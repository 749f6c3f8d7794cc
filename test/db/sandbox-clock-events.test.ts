import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { resetEnvironmentCache } from "@/server/config/env";
import { deliverDue } from "@/server/loyalty/events/delivery/deliver-due";
import { webhookDeliveries, webhookEvents } from "@/server/loyalty/events/event-tables";
import { createEndpoint } from "@/server/loyalty/events/manage-endpoints";
import { advanceSandboxClock } from "@/server/loyalty/sandbox-clock/advance-sandbox-clock";
import { readSandboxClock } from "@/server/loyalty/sandbox-clock/read-sandbox-clock";
import { debitBody, postDebit } from "../support/ledger-requests";
import { issueMemberToken } from "../support/member-tokens";
import { newDeveloperSandbox } from "../support/developer-sandbox";
import { setupTestDatabase } from "../support/test-database";
import { startWebhookReceiver } from "../support/webhook-receiver";

// Retries an hour and two hours after a refusal, as a production sender waits: only a moved clock brings them now.
process.env.WEBHOOK_PRIVATE_TARGETS = "on";
process.env.WEBHOOK_RETRY_SCHEDULE = "3600,7200";
process.env.WEBHOOK_RETRY_JITTER = "0";
process.env.WEBHOOK_ENDPOINT_IN_FLIGHT = "1";
process.env.WEBHOOK_WORKER_INTERVAL_MS = "100";
process.env.WEBHOOK_TIMEOUT_MS = "3000";
process.env.WEBHOOK_WORKER_LEASE_MS = "10000";
resetEnvironmentCache();
afterAll(() => resetEnvironmentCache());

const { db } = setupTestDatabase();
const hourMs = 3_600_000;

async function newSandbox() {
  const sandbox = await newDeveloperSandbox(db(), "192.0.2.81");
  return { ...sandbox, member: sandbox.member1 };
}

describe("events on a moved clock", () => {
  it("dates events by the sandbox's clock, and delivers the retries a move brings due, in order, signed", async () => {
    const sandbox = await newSandbox();
    const receiver = await startWebhookReceiver({ answers: [500, 500, 200] });
    try {
      const endpoint = await createEndpoint(db(), sandbox.partner.id, {
        url: receiver.url,
        eventTypes: ["points.debited"],
      });
      if ("refused" in endpoint) throw new Error(endpoint.refused);
      await advanceSandboxClock(db(), sandbox.partner, 24 * hourMs);
      const clock = await readSandboxClock(db(), sandbox.partner);
      const token = await issueMemberToken(db(), sandbox.member, {
        scope: "read",
        partnerIdentifier: sandbox.partner.partnerIdentifier,
        now: clock.now(),
      });
      const debitIds: string[] = [];
      for (const amount of ["100", "200"]) {
        const debit = await postDebit({
          token,
          account: sandbox.member,
          apiKey: sandbox.apiKey,
          body: debitBody({ monetaryAmount: { amount, currency: { currencyCode: "POINTS" } } }),
        });
        expect(debit.status, debit.text).toBe(201);
        debitIds.push((debit.json as { debitTransaction: { identifier: string } }).debitTransaction.identifier);
      }
      const events = await db()
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.partnerId, sandbox.partner.id))
        .orderBy(asc(webhookEvents.createdAt));
      expect(
        events.map((event) => (event.data as { transaction: { identifier: string } }).transaction.identifier),
      ).toEqual(debitIds);

      // The first attempts are refused; the retries wait an hour of real time.
      await deliverDue(db());
      expect(receiver.received.map((webhook) => webhook.id)).toEqual(events.map((event) => event.id));
      const waiting = await db()
        .select({ nextAttemptAt: webhookDeliveries.nextAttemptAt })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      for (const delivery of waiting) expect(delivery.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + hourMs / 2);
      await deliverDue(db());
      expect(receiver.received).toHaveLength(2);

      // Moving the clock past them brings them due: delivered in the order they were made, each verified.
      await advanceSandboxClock(db(), sandbox.partner, 2 * hourMs);
      await deliverDue(db());
      const retried = receiver.received.slice(2);
      expect(retried.map((webhook) => webhook.id)).toEqual(events.map((event) => event.id));
      for (const [index, webhook] of retried.entries()) {
        const payload = receiver.verify(endpoint.secret, webhook) as {
          type: string;
          timestamp: string;
          data: { transaction: { identifier: string; dateMade: string } };
        };
        expect(payload.type).toBe("points.debited");
        expect(payload.data.transaction.identifier).toBe(debitIds[index]);
        // The payload's time is the sandbox's (a day ahead); the signature's stays real, as receivers require.
        expect(Date.parse(payload.timestamp)).toBeGreaterThan(Date.now() + 23 * hourMs);
        expect(payload.data.transaction.dateMade).toBe(payload.timestamp);
        expect(Math.abs(Number(webhook.timestamp) * 1000 - Date.now())).toBeLessThan(5 * 60_000);
      }
      const states = await db()
        .select({ state: webhookDeliveries.state })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(states.map((row) => row.state)).toEqual(["delivered", "delivered"]);
    } finally {
      await receiver.close();
    }
  });
});
