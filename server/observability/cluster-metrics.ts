import "server-only";
import cluster from "node:cluster";
import type { MetricObjectWithValues, MetricValue } from "prom-client";

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

// The messages between a server process and the supervising one (scripts/serve.mjs, which relays them).
/** Server → supervisor: "gather every process's metrics for my scrape". */
const gatherRequest = "loyalty-platform:cluster-metrics-request";
/** Supervisor → server: the gathered metrics, one entry per process that answered in time. */
const gatherAnswer = "loyalty-platform:cluster-metrics-answer";
/** Supervisor → every server: "send me your own metrics". */
const ownRequest = "loyalty-platform:process-metrics-request";
/** Server → supervisor: its own metrics. */
const ownAnswer = "loyalty-platform:process-metrics-answer";

/** Longer than a scrape collector may take (metrics.ts), shorter than a scraper's usual 10 s timeout. */
const gatherTimeoutMs = 5_000;

interface Message {
  type?: string;
  id?: number;
  metrics?: MetricsJson[];
  own?: MetricsJson;
  error?: string;
}

interface GatheringState {
  nextId: number;
  /** This process's scrapes waiting for the supervisor's answer, by request id. */
  waiting: Map<number, (metrics: MetricsJson[] | Error) => void>;
  listening: boolean;
}

// On globalThis, like the registry (metrics.ts): the route that scrapes and the module that listens may be
// different bundled copies of this file, and they must share one table of the scrapes waiting for an answer.
const state = ((globalThis as { [key: symbol]: GatheringState | undefined })[
  Symbol.for("loyalty-platform.cluster-metrics")
] ??= { nextId: 0, waiting: new Map(), listening: false });

/**
 * In a server process under the supervisor: answers its requests for this process's own metrics (`own`, its
 * collectors run first) and takes the answers to this process's gathering requests. Installed once per process.
 */
export function answerMetricsRequests(own: () => Promise<MetricsJson>): void {
  if (!cluster.isWorker || state.listening) return;
  state.listening = true;
  process.on("message", (message: Message) => {
    if (message?.type === ownRequest) {
      own().then(
        (metrics) => process.send?.({ type: ownAnswer, id: message.id, own: metrics }),
        (error: unknown) => process.send?.({ type: ownAnswer, id: message.id, error: String(error) }),
      );
    } else if (message?.type === gatherAnswer && typeof message.id === "number") {
      const settle = state.waiting.get(message.id);
      state.waiting.delete(message.id);
      settle?.(message.error ? new Error(message.error) : (message.metrics ?? []));
    }
  });
}

/** Every server process's own metrics, this one's included, gathered through the supervisor. */
export function everyProcessMetrics(): Promise<MetricsJson[]> {
  const id = state.nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      state.waiting.delete(id);
      reject(new Error(`the supervising process did not gather the metrics within ${gatherTimeoutMs} ms`));
    }, gatherTimeoutMs);
    state.waiting.set(id, (answer) => {
      clearTimeout(timer);
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    });
    process.send?.({ type: gatherRequest, id });
  });
}
