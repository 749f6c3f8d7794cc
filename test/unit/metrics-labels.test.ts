import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { env, EnvironmentError, resetEnvironmentCache } from "@/server/config/env";
import { countDeliveryAttempt } from "@/server/loyalty/metrics/count-delivery-attempt";
import { partnerLabel } from "@/server/loyalty/metrics/partner-label";
import { recordPartnerOperation } from "@/server/loyalty/metrics/record-partner-operation";
import { AggregatorRegistry } from "prom-client";
import {
  collectMetrics,
  gaugeMetric,
  metricsOf,
  registerScrapeCollector,
  scrapeCollectorTimeoutMs,
} from "@/server/observability/metrics";
import { metricsAccess } from "@/server/observability/metrics-access";
import { countRateLimitRefusal, countSignInRefusal } from "@/server/observability/refusal-metrics";
import { Scrape } from "../support/prometheus-text";

const demo = { partnerIdentifier: "DEMOPARTNER01", developerSandbox: false };
const developerSandbox = { partnerIdentifier: "SBX7F3K9Q2M", developerSandbox: true };

const scrape = async () => new Scrape((await collectMetrics()).text);

describe("the metrics' label values stay bounded", () => {
  it("names partners the operator made by identifier, every developer sandbox as one 'sandbox', no partner as 'none'", () => {
    expect(partnerLabel(demo)).toBe("DEMOPARTNER01");
    expect(partnerLabel(developerSandbox)).toBe("sandbox");
    expect(partnerLabel({ partnerIdentifier: "SBXOTHER0001", developerSandbox: true })).toBe("sandbox");
    expect(partnerLabel(undefined)).toBe("none");
  });

  it("counts a developer sandbox's requests under 'sandbox', never under its identifier", async () => {
    const before = await scrape();
    recordPartnerOperation({ operation: "debit-currency", status: 201, partner: developerSandbox, durationMs: 12 });
    recordPartnerOperation({ operation: "debit-currency", status: 201, partner: demo, durationMs: 8 });
    recordPartnerOperation({ operation: "unknown-path", status: 401, partner: undefined, durationMs: 1 });
    const after = await scrape();
    const moved = (labels: Record<string, string>) =>
      after.value("loyalty_platform_partner_operations_total", labels) -
      (before.families.has("loyalty_platform_partner_operations_total")
        ? before.value("loyalty_platform_partner_operations_total", labels)
        : 0);
    expect(moved({ operation: "debit-currency", status: "201", partner: "sandbox" })).toBe(1);
    expect(moved({ operation: "debit-currency", status: "201", partner: "DEMOPARTNER01" })).toBe(1);
    expect(moved({ operation: "unknown-path", status: "401", partner: "none" })).toBe(1);
    expect(after.labelValues("loyalty_platform_partner_operations_total", "partner").sort()).toEqual([
      "DEMOPARTNER01",
      "none",
      "sandbox",
    ]);
    expect(after.text).not.toContain(developerSandbox.partnerIdentifier);
    // The latency histogram is there, by status class.
    expect(after.family("loyalty_platform_partner_operation_duration_seconds").type).toBe("HISTOGRAM");
    expect(after.text).toMatch(
      /^loyalty_platform_partner_operation_duration_seconds_count\{[^}]*status_class="2xx"[^}]*partner="sandbox"[^}]*\} 1$/m,
    );
  });

  it("gives the other counters fixed label values: limiter, surface and reason, result and status class", async () => {
    countRateLimitRefusal("portal-sign-in");
    countSignInRefusal("staff", "locked");
    countDeliveryAttempt("retry", undefined);
    countDeliveryAttempt("delivered", 204);
    const after = await scrape();
    expect(after.value("loyalty_platform_rate_limit_refusals_total", { limiter: "portal-sign-in" })).toBe(1);
    expect(after.value("loyalty_platform_sign_in_refusals_total", { surface: "staff", reason: "locked" })).toBe(1);
    expect(
      after.value("loyalty_platform_webhook_delivery_attempts_total", { result: "retry", status_class: "none" }),
    ).toBe(1);
    expect(
      after.value("loyalty_platform_webhook_delivery_attempts_total", { result: "delivered", status_class: "2xx" }),
    ).toBe(1);
  });

  it("prefixes Node's default metrics too", async () => {
    const after = await scrape();
    expect(after.family("loyalty_platform_process_cpu_seconds_total").type).toBe("COUNTER");
    expect(after.family("loyalty_platform_nodejs_eventloop_lag_seconds").type).toBe("GAUGE");
    expect([...after.families.keys()].filter((name) => !name.startsWith("loyalty_platform_"))).toEqual([]);
  });
});

describe("a scrape over several server processes (npm start's WEB_CONCURRENCY)", () => {
  it("adds up each process's own metrics and takes the database's gauges once", async () => {
    const queue = gaugeMetric({ name: "test_process_queue", help: "A process's own test gauge." });
    const rows = gaugeMetric({ name: "test_database_rows", help: "A test gauge read from the database." });
    registerScrapeCollector({ name: "test-process", gauges: [queue], collect: async () => void queue.set(2) });
    registerScrapeCollector({
      name: "test-database",
      reads: "database",
      gauges: [rows],
      collect: async () => void rows.set(7),
    });
    const own = await metricsOf("process");
    const names = own.map((metric) => metric.name);
    expect(names).toContain("loyalty_platform_test_process_queue");
    expect(names).not.toContain("loyalty_platform_test_database_rows");
    const shared = await metricsOf("database");
    expect(shared.map((metric) => metric.name)).not.toContain("loyalty_platform_process_cpu_seconds_total");

    // Two processes answering alike, and the database's gauges read once by the one the scrape reached.
    const scraped = new Scrape(await AggregatorRegistry.aggregate([own, own, shared]).metrics());
    expect(scraped.value("loyalty_platform_test_process_queue", {})).toBe(4);
    expect(scraped.value("loyalty_platform_test_database_rows", {})).toBe(7);
    expect(scraped.value("loyalty_platform_scrape_collector_up", { collector: "test-process" })).toBe(1);
    expect(scraped.value("loyalty_platform_scrape_collector_up", { collector: "test-database" })).toBe(1);
  });
});

describe("a scrape collector that fails", () => {
  afterEach(() => vi.useRealTimers());

  it("leaves its gauges empty and says so, and the scrape still answers", async () => {
    const gauge = gaugeMetric({ name: "test_broken_depth", help: "A test gauge.", labelNames: ["state"] as const });
    let fail = false;
    registerScrapeCollector({
      name: "test-broken",
      gauges: [gauge],
      collect: async () => {
        if (fail) throw new Error("the database is gone");
        gauge.set({ state: "due" }, 3);
      },
    });
    const working = await scrape();
    expect(working.value("loyalty_platform_test_broken_depth", { state: "due" })).toBe(3);
    expect(working.value("loyalty_platform_scrape_collector_up", { collector: "test-broken" })).toBe(1);
    fail = true;
    const failed = await scrape();
    expect(failed.family("loyalty_platform_test_broken_depth").metrics).toEqual([]);
    expect(failed.value("loyalty_platform_scrape_collector_up", { collector: "test-broken" })).toBe(0);
    expect(failed.family("loyalty_platform_process_cpu_seconds_total").metrics.length).toBe(1);
  });

  it("is given up on after its time limit, so a hung query never holds the scrape", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    registerScrapeCollector({ name: "test-hung", gauges: [], collect: () => new Promise<void>(() => undefined) });
    const answer = collectMetrics();
    await vi.advanceTimersByTimeAsync(scrapeCollectorTimeoutMs);
    const scraped = new Scrape((await answer).text);
    expect(scraped.value("loyalty_platform_scrape_collector_up", { collector: "test-hung" })).toBe(0);
  });
});

describe("who may read /metrics", () => {
  const token = "0123456789abcdef0123456789abcdef";

  it("the sandbox without a token: anyone; live mode without one: nobody (404)", () => {
    expect(metricsAccess({ APP_MODE: "sandbox" }, null)).toBe("open");
    expect(metricsAccess({ APP_MODE: "live" }, null)).toBe("not-served");
    expect(metricsAccess({ APP_MODE: "live" }, `Bearer ${token}`)).toBe("not-served");
  });

  it.each(["sandbox", "live"] as const)("with a token (%s): only its bearer", (mode) => {
    const config = { APP_MODE: mode, METRICS_TOKEN: token };
    expect(metricsAccess(config, `Bearer ${token}`)).toBe("allowed");
    expect(metricsAccess(config, `bearer ${token}`)).toBe("allowed");
    expect(metricsAccess(config, null)).toBe("refused");
    expect(metricsAccess(config, "")).toBe("refused");
    expect(metricsAccess(config, token)).toBe("refused");
    expect(metricsAccess(config, `Basic ${token}`)).toBe("refused");
    expect(metricsAccess(config, `Bearer ${token.slice(0, -1)}`)).toBe("refused");
    expect(metricsAccess(config, `Bearer ${token}x`)).toBe("refused");
    expect(metricsAccess(config, `Bearer ${token} extra`)).toBe("refused");
  });
});

describe("METRICS_TOKEN in the configuration", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvironmentCache();
  });
  afterAll(() => resetEnvironmentCache());

  const problemsWith = (variables: Record<string, string>): string[] => {
    process.env = { ...saved, ...variables };
    resetEnvironmentCache();
    try {
      env();
      return [];
    } catch (error) {
      if (error instanceof EnvironmentError) return error.problems;
      throw error;
    }
  };

  it("is unset by default, and a blank value is unset", () => {
    expect(problemsWith({ METRICS_TOKEN: "  " })).toEqual([]);
    expect(env().METRICS_TOKEN).toBeUndefined();
  });

  it("refuses a short token or one with characters a bearer token cannot carry, without echoing it", () => {
    const short = problemsWith({ METRICS_TOKEN: "too-short" });
    expect(short).toEqual([expect.stringMatching(/^METRICS_TOKEN: METRICS_TOKEN must be 32 to 512/)]);
    expect(short.join()).not.toContain("too-short");
    expect(problemsWith({ METRICS_TOKEN: `${"a".repeat(32)} b` })).toHaveLength(1);
  });

  it("live mode refuses a token this repository publishes, naming it", () => {
    const live = {
      APP_MODE: "live",
      NEXTAUTH_SECRET: "c".repeat(44),
      LOYALTY_API_KEY: "ABCDEFGHIJKLMNOPQRSTUVWX",
      LOYALTY_CLIENT_SECRET: "d".repeat(32),
      LOYALTY_PARTNER_SECRET: "e".repeat(32),
      PAYMENTS_SECRET_KEY: "sk_live_0123456789ab",
      PAYMENTS_PUBLISHABLE_KEY: "pk_live_0123456789ab",
      PAYMENTS_BASE_URL: "https://api.processor.example",
    };
    expect(problemsWith(live)).toEqual([]);
    expect(problemsWith({ ...live, METRICS_TOKEN: "f".repeat(40) })).toEqual([]);
    expect(problemsWith({ ...live, METRICS_TOKEN: "metrics-secret-of-at-least-thirty-two-characters" })).toEqual([
      expect.stringMatching(/^METRICS_TOKEN has a value published in this repository/),
    ]);
  });
});
