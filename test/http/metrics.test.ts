import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { answerText, ConsoleBrowser } from "../support/console-forms";
import { memberTokenOverHttp } from "../support/member-login";
import { Scrape } from "../support/prometheus-text";
import { startApp, type RunningApp } from "../support/start-app";
import { waitUntil } from "../support/webhook-receiver";

/**
 * GET /metrics of a running instance, parsed by a Prometheus text-format
 * parser independent of prom-client, before and after a debit, a webhook
 * delivery and a refused sign-in. The sandbox's shared app serves other
 * files at the same time, so the counters are asserted to have moved by at
 * least what this file did.
 */
const stagingKey = sandbox.partners[0]!.apiKeys.staging;
const shopper = sandbox.members.find((member) => member.username === "demo.member1")!;

async function scrape(origin: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const answer = await fetch(`${origin}/metrics`, { headers });
  const text = await answer.text();
  expect(answer.status, text.slice(0, 500)).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return new Scrape(text);
}

/** A counter's value, 0 when no sample has these labels yet. */
function count(scraped: Scrape, name: string, labels: Record<string, string>): number {
  return scraped.families.has(name) ? scraped.value(name, labels) : 0;
}

describe("/metrics in the sandbox", () => {
  let app: RunningApp;
  // An app of its own: its debit moves demo.member1's balance, which files on the shared app read.
  beforeAll(async () => {
    app = await startApp();
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("is open without METRICS_TOKEN, and moves as a debit, a webhook delivery and a refused sign-in happen", async () => {
    const before = await scrape(app.origin);
    for (const name of [
      "loyalty_platform_partner_operations_total",
      "loyalty_platform_webhook_delivery_attempts_total",
      "loyalty_platform_rate_limit_refusals_total",
      "loyalty_platform_sign_in_refusals_total",
      "loyalty_platform_password_hash_operations_total",
      "loyalty_platform_page_renders_busy_total",
    ])
      expect(before.family(name).type, name).toBe("COUNTER");
    for (const name of [
      "loyalty_platform_checkout_orders",
      "loyalty_platform_checkout_oldest_unfinished_order_age_seconds",
      "loyalty_platform_webhook_queue_deliveries",
      "loyalty_platform_webhook_oldest_due_delivery_age_seconds",
      "loyalty_platform_password_hash_queue_length",
      "loyalty_platform_page_renders_waiting",
      "loyalty_platform_process_resident_memory_bytes",
    ])
      expect(before.family(name).type, name).toBe("GAUGE");
    expect(before.family("loyalty_platform_partner_operation_duration_seconds").type).toBe("HISTOGRAM");
    // Every state of the checkout is reported, from the portal's database.
    expect(before.labelValues("loyalty_platform_checkout_orders", "state")).toContain("completed");

    // A debit (P5) by the Demo Partner, with a member token from the login page (an argon2 verification).
    const token = await memberTokenOverHttp(app.origin, "demo.member1", "read");
    const debit = await fetch(
      `${app.origin}/api/v1/programmes/NORTHSTAR/accounts/${shopper.membershipNumber}/debit-transaction-requests?api_key=${stagingKey}`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${token}`,
          svc_client_application_name: sandbox.svcClientApplicationName,
        },
        body: JSON.stringify({
          debitTransaction: {
            externalTransactionDate: "2026-01-15T10:00:00.0Z",
            monetaryAmount: { amount: "100", currency: { currencyCode: "POINTS" } },
            description: "METRICS",
            externalTransactionIdentifier: `METRICS-${Date.now()}`,
            externalReferenceDescription: "Metrics test",
            externalPartnerIdentifier: "WEB",
            type: "REDEMPTION",
          },
        }),
      },
    );
    expect(debit.status, await debit.text()).toBe(201);

    // A developer's sandbox sends a test event to its built-in receiver; the worker delivers it.
    const developer = new ConsoleBrowser(app.origin);
    const email = `metrics-${Date.now()}@example.test`;
    const created = await developer.submit("/developers/signup", "Create my sandbox", {
      email,
      password: "a long sandbox password",
    });
    expect(created.querySelector("h2")?.textContent, answerText(created)).toBe("Your sandbox is ready");
    expect(answerText(await developer.submit("/developers/events", "Add the built-in receiver"))).toContain("Added.");
    expect(answerText(await developer.submit("/developers/events", "Send the test event"))).toContain("on its way");
    await waitUntil(
      async () => (await developer.page("/developers/events")).querySelector("li[data-receipt-id]") !== null,
      30_000,
      "the built-in receiver to get the test event",
    );

    // A wrong password at the developer console's sign-in (a server action).
    const stranger = new ConsoleBrowser(app.origin);
    const refused = await stranger.submit("/developers/login", "Sign in", { email, password: "not the password" });
    expect(refused.body.textContent).toContain("The email or password is incorrect.");

    const after = await scrape(app.origin);
    const moved = (name: string, labels: Record<string, string>) =>
      count(after, name, labels) - count(before, name, labels);
    expect(
      moved("loyalty_platform_partner_operations_total", {
        operation: "debit-currency",
        status: "201",
        partner: "DEMOPARTNER01",
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved("loyalty_platform_webhook_delivery_attempts_total", { result: "delivered", status_class: "2xx" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved("loyalty_platform_sign_in_refusals_total", { surface: "developer", reason: "incorrect" }),
    ).toBeGreaterThanOrEqual(1);
    expect(moved("loyalty_platform_password_hash_operations_total", { operation: "verify" })).toBeGreaterThanOrEqual(2);
    // No developer sandbox is ever named: the label values stay bounded.
    for (const partner of after.labelValues("loyalty_platform_partner_operations_total", "partner"))
      expect(partner).toMatch(/^(none|sandbox|[A-Z0-9]+)$/);
    expect(after.text).not.toContain(email);
    expect(after.text).not.toContain(shopper.membershipNumber);
  });
});

describe("/metrics in live mode", () => {
  let app: RunningApp;
  const metricsToken = randomBytes(32).toString("hex");
  const token = (bytes: number) => randomBytes(bytes).toString("hex");

  beforeAll(async () => {
    app = await startApp(
      {
        APP_MODE: "live",
        NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
        LOYALTY_API_KEY: token(12).toUpperCase(),
        LOYALTY_CLIENT_SECRET: token(16),
        LOYALTY_PARTNER_SECRET: token(16),
        PAYMENTS_SECRET_KEY: `sk_live_${token(12)}`,
        PAYMENTS_PUBLISHABLE_KEY: `pk_live_${token(12)}`,
        PAYMENTS_BASE_URL: "https://api.processor.example",
        METRICS_TOKEN: metricsToken,
      },
      { ready: { path: "/api/openapi.json", status: 200 } },
    );
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("refuses a request without the token, or with another, and answers with it", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${token(32)}` },
      { Authorization: `Basic ${metricsToken}` },
      { Authorization: metricsToken },
    ];
    for (const headers of attempts) {
      const refused = await fetch(`${app.origin}/metrics`, { headers });
      expect(refused.status, JSON.stringify(headers)).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const body = await refused.text();
      expect(body).not.toContain("loyalty_platform_");
      expect(body).not.toContain(metricsToken);
    }
    const scraped = await scrape(app.origin, { Authorization: `Bearer ${metricsToken}` });
    expect(scraped.family("loyalty_platform_process_cpu_seconds_total").type).toBe("COUNTER");
    expect(scraped.value("loyalty_platform_checkout_orders")).toBe(0);
    expect(scraped.value("loyalty_platform_scrape_collector_up", { collector: "webhook-queue" })).toBe(1);
  });
});
