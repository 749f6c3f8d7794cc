import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as metricsRoute from "@/app/metrics/route";
import { eventTypes } from "@/lib/contract/webhook-events";
import { resetEnvironmentCache } from "@/server/config/env";
import { webhookEndpoints } from "@/server/loyalty/events/event-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { deliverDue } from "@/server/loyalty/events/delivery/deliver-due";
import { createEndpoint } from "@/server/loyalty/events/manage-endpoints";
import { registerServiceMetrics } from "@/server/loyalty/metrics/register-service-metrics";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { orders } from "@/server/portal/db/schema";
import { registerPortalMetrics } from "@/server/portal/metrics/register-portal-metrics";
import { callRoute } from "../support/call-route";
import {
  checkoutHarness,
  memberToken,
  optionIdFor,
  quoteFor,
  shopperNumber,
  testCards,
  tokenisedCard,
} from "../support/checkout-harness";
import { Scrape } from "../support/prometheus-text";
import { setupTestDatabase, testDatabaseKind } from "../support/test-database";
import { startWebhookReceiver } from "../support/webhook-receiver";

process.env.WEBHOOK_PRIVATE_TARGETS = "on";
process.env.NEXTAUTH_SECRET ??= "metrics-test-secret-of-at-least-thirty-two-characters";
resetEnvironmentCache();
afterAll(() => resetEnvironmentCache());

const { db } = setupTestDatabase();
const harness = checkoutHarness(db);

// What instrumentation.ts does at start: each party registers its own metrics.
registerServiceMetrics(getDatabase);
registerPortalMetrics();

/** GET /metrics through its route handler, parsed by a Prometheus text-format parser. */
async function scrape(): Promise<Scrape> {
  const answer = await callRoute(metricsRoute, { url: "/metrics" });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Scrape(answer.text);
}

async function checkout() {
  const option = { points: 4_000, cashMinor: 2_000 };
  return placeOrder(
    {
      member: { membershipNumber: shopperNumber, accessToken: await memberToken(db()) },
      quoteId: await quoteFor(db(), option),
      optionId: optionIdFor(option),
      card: await tokenisedCard(testCards.APPROVED),
      checkoutKey: `metrics-${Date.now()}`,
    },
    harness.deps(),
  );
}

describe("/metrics as a checkout and its webhook delivery happen", () => {
  it("counts the debit, the completed order, the queued delivery and then its delivery", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const [demo] = await db().select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
      const endpoint = await createEndpoint(db(), demo!.id, { url: receiver.url, eventTypes: [...eventTypes] });
      expect("refused" in endpoint).toBe(false);

      const before = await scrape();
      const debits = { operation: "debit-currency", status: "201", partner: "DEMOPARTNER01" };
      const delivered = { result: "delivered", status_class: "2xx" };
      expect(before.family("loyalty_platform_checkout_orders").type).toBe("GAUGE");
      expect(before.value("loyalty_platform_webhook_queue_deliveries", { state: "due" })).toBe(0);

      const placed = await checkout();
      expect(placed.kind === "placed" && placed.order.state).toBe("completed");

      const afterCheckout = await scrape();
      expect(afterCheckout.value("loyalty_platform_checkout_orders", { state: "completed" })).toBe(
        before.value("loyalty_platform_checkout_orders", { state: "completed" }) + 1,
      );
      // The saga's debit went through the partner API's gateway.
      expect(afterCheckout.value("loyalty_platform_partner_operations_total", debits)).toBe(
        before.value("loyalty_platform_partner_operations_total", debits) + 1,
      );
      // Its points.debited event waits for the worker, due now.
      expect(afterCheckout.value("loyalty_platform_webhook_queue_deliveries", { state: "due" })).toBe(1);
      const waited = afterCheckout.value("loyalty_platform_webhook_oldest_due_delivery_age_seconds");
      expect(waited).toBeGreaterThanOrEqual(0);
      expect(waited).toBeLessThan(60);
      expect(afterCheckout.value("loyalty_platform_checkout_oldest_unfinished_order_age_seconds")).toBe(0);

      await deliverDue(db());
      expect(receiver.received).toHaveLength(1);

      const afterDelivery = await scrape();
      expect(afterDelivery.value("loyalty_platform_webhook_delivery_attempts_total", delivered)).toBe(
        before.value("loyalty_platform_webhook_delivery_attempts_total", delivered) + 1,
      );
      expect(afterDelivery.value("loyalty_platform_webhook_queue_deliveries")).toBe(0);
      expect(afterDelivery.value("loyalty_platform_webhook_oldest_due_delivery_age_seconds")).toBe(0);
      for (const collector of ["checkout-orders", "webhook-queue", "password-hash", "database-pool"])
        expect(afterDelivery.value("loyalty_platform_scrape_collector_up", { collector }), collector).toBe(1);
    } finally {
      await receiver.close();
      await db().delete(webhookEndpoints);
    }
  });

  it("reports the pool on PostgreSQL, and no pool on the embedded database", async () => {
    const scraped = await scrape();
    if (testDatabaseKind() === "postgres") {
      expect(scraped.value("loyalty_platform_database_pool_max_connections")).toBe(20);
      expect(scraped.value("loyalty_platform_database_pool_connections")).toBeGreaterThan(0);
      expect(scraped.family("loyalty_platform_database_pool_waiting_requests").type).toBe("GAUGE");
    } else {
      expect(scraped.families.has("loyalty_platform_database_pool_connections")).toBe(false);
    }
  });

  it("reports an unfinished order's age while the saga still has it", async () => {
    const now = new Date();
    const option = { points: 1_000, cashMinor: 0 };
    const quoteId = await quoteFor(db(), option);
    // An order stopped before its first step (the recovery worker's to finish), placed a minute ago.
    const id = randomUUID();
    const key = (part: string) => `metrics-${part}-${id}`;
    await db()
      .insert(orders)
      .values({
        id,
        checkoutKey: key("checkout"),
        membershipNumber: shopperNumber,
        programme: "NORTHSTAR",
        quoteId,
        optionId: "0",
        productId: "FLIGHT-LHR-MAD",
        productName: "Flight",
        points: 1_000,
        cashMinor: 0,
        currency: "GBP",
        state: "priced",
        debitKey: key("debit"),
        debitExternalId: key("debit-ext").slice(0, 64),
        chargeKey: key("charge"),
        authoriseKey: key("authorise"),
        captureKey: key("capture"),
        voidKey: key("void"),
        reversalKey: key("reversal"),
        reversalExternalId: key("reversal-ext").slice(0, 64),
        refundKey: key("refund"),
        nextAttemptAt: new Date(now.getTime() + 3_600_000),
        createdAt: new Date(now.getTime() - 60_000),
        updatedAt: new Date(now.getTime() - 60_000),
      });
    const scraped = await scrape();
    expect(scraped.value("loyalty_platform_checkout_orders", { state: "priced" })).toBeGreaterThanOrEqual(1);
    const age = scraped.value("loyalty_platform_checkout_oldest_unfinished_order_age_seconds");
    expect(age).toBeGreaterThanOrEqual(60);
    expect(age).toBeLessThan(600);
  });
});
