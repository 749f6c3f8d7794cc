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
  type MetricObjectWithValues,
  type MetricValue,
  AggregatorRegistry,
} from "prom-client";
import cluster from "node:cluster";
import { answerMetricsRequests, everyProcessMetrics } from "./cluster-metrics";
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
  /**
   * What it reads: this process's own state (summed over the server processes of `npm start`), or the shared
   * database, the same from every process, so read once per scrape by the process answering it. Default: process.
   */
  reads?: "process" | "database";
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
  answerMetricsRequests(() => metricsOf("process"));
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
    // Over several server processes, a collector is up only where it is up in every one.
    aggregator: "min",
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

/**
 * The scrape: every collector's query (side by side, each failing alone), then the registry in the text format.
 * When `npm start` runs several server processes (scripts/serve.mjs), the scrape reaches only one of them: it
 * gathers every process's own metrics through the supervising process and adds them up (cluster-metrics.ts).
 */
export async function collectMetrics(): Promise<{ contentType: string; text: string }> {
  if (!cluster.isWorker) {
    await Promise.all([...state.collectors.values()].map(runCollector));
    return { contentType: state.registry.contentType, text: await state.registry.metrics() };
  }
  const [processes, shared] = await Promise.all([everyProcessMetrics(), metricsOf("database")]);
  const text = await AggregatorRegistry.aggregate([...processes, shared]).metrics();
  return { contentType: state.registry.contentType, text };
}

/**
 * This process's metrics of one kind as JSON, its collectors of that kind run first: "process", what the
 * supervisor sums over the processes; "database", the shared database's gauges, which only the process answering
 * the scrape reads. The collectors' up gauge is split the same way, by its `collector` label.
 */
export async function metricsOf(kind: "process" | "database"): Promise<MetricObjectWithValues<MetricValue<string>>[]> {
  const collectors = [...state.collectors.values()].filter((collector) => (collector.reads ?? "process") === kind);
  await Promise.all(collectors.map(runCollector));
  const databaseGauges = new Set(
    [...state.collectors.values()]
      .filter((collector) => collector.reads === "database")
      .flatMap((collector) => collector.gauges.map((gauge) => (gauge as unknown as { name: string }).name)),
  );
  const names = new Set(collectors.map((collector) => collector.name));
  const upName = `${metricPrefix}scrape_collector_up`;
  const all = (await state.registry.getMetricsAsJSON()) as MetricObjectWithValues<MetricValue<string>>[];
  return all.flatMap((metric) => {
    if (metric.name === upName) {
      return [{ ...metric, values: metric.values.filter((value) => names.has(String(value.labels.collector))) }];
    }
    return databaseGauges.has(metric.name) === (kind === "database") ? [metric] : [];
  });
}
