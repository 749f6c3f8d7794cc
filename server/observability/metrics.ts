import "server-only";
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from "prom-client";
import { logger } from "./logger";

/**
 * The process's Prometheus metrics (GET /metrics, app/metrics/route.ts), in
 * one registry of their own. Every name starts with this prefix, Node's
 * default metrics too, so they never mix with another program's on the same
 * Prometheus. Metrics are per process, as Prometheus expects: each instance
 * is scraped, and its counters start again at zero when it restarts.
 */
export const metricPrefix = "loyalty_platform_";

/** How long one scrape collector's query may take before the scrape answers without it. */
export const scrapeCollectorTimeoutMs = 3_000;

/** A query run as /metrics is scraped, setting the gauges it owns (one query per collector). */
export interface ScrapeCollector {
  /** Its name in the `collector` label of the collectors' up gauge. */
  name: string;
  /** Its gauges: emptied when it fails, so a failed query reports nothing rather than its last numbers. */
  gauges: readonly Gauge[];
  collect: () => Promise<void>;
}

interface MetricsState {
  registry: Registry;
  collectors: Map<string, ScrapeCollector>;
}

/**
 * On globalThis: Next.js bundles this module separately into the partner
 * API's routes, the App Router's and instrumentation.ts, and they must all
 * count into the one registry the scrape reads.
 */
const state = ((globalThis as { [key: symbol]: MetricsState | undefined })[Symbol.for("loyalty-platform.metrics")] ??=
  newMetricsState());

function newMetricsState(): MetricsState {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: metricPrefix });
  return { registry, collectors: new Map() };
}

type Named<T> = Omit<T, "name" | "registers"> & { name: string };

/** The registry's counter of this name (without the prefix), made on first use by whichever bundle asks first. */
export function counterMetric<Label extends string>(config: Named<CounterConfiguration<Label>>): Counter<Label> {
  const name = `${metricPrefix}${config.name}`;
  return (
    (state.registry.getSingleMetric(name) as Counter<Label> | undefined) ??
    new Counter<Label>({ ...config, name, registers: [state.registry] })
  );
}

export function gaugeMetric<Label extends string>(config: Named<GaugeConfiguration<Label>>): Gauge<Label> {
  const name = `${metricPrefix}${config.name}`;
  return (
    (state.registry.getSingleMetric(name) as Gauge<Label> | undefined) ??
    new Gauge<Label>({ ...config, name, registers: [state.registry] })
  );
}

export function histogramMetric<Label extends string>(config: Named<HistogramConfiguration<Label>>): Histogram<Label> {
  const name = `${metricPrefix}${config.name}`;
  return (
    (state.registry.getSingleMetric(name) as Histogram<Label> | undefined) ??
    new Histogram<Label>({ ...config, name, registers: [state.registry] })
  );
}

const collectorUp = () =>
  gaugeMetric({
    name: "scrape_collector_up",
    help: "Whether the collector's query answered in this scrape (1) or failed or took too long (0).",
    labelNames: ["collector"] as const,
  });

/** Adds (or, by name, replaces) a collector that runs at every scrape. */
export function registerScrapeCollector(collector: ScrapeCollector): void {
  state.collectors.set(collector.name, collector);
  collectorUp();
}

async function runCollector(collector: ScrapeCollector): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`took longer than ${scrapeCollectorTimeoutMs} ms`)),
      scrapeCollectorTimeoutMs,
    );
  });
  try {
    await Promise.race([collector.collect(), timeout]);
    collectorUp().set({ collector: collector.name }, 1);
  } catch (error) {
    for (const gauge of collector.gauges) gauge.reset();
    collectorUp().set({ collector: collector.name }, 0);
    logger.warn({ err: error, collector: collector.name }, "metrics collector failed");
  } finally {
    clearTimeout(timer);
  }
}

/** The scrape: every collector's query (side by side, each failing alone), then the registry in the text format. */
export async function collectMetrics(): Promise<{ contentType: string; text: string }> {
  await Promise.all([...state.collectors.values()].map(runCollector));
  return { contentType: state.registry.contentType, text: await state.registry.metrics() };
}
