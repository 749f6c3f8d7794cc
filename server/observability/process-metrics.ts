import "server-only";
import { getConnection } from "@/server/db/shared-connection";
import { pageRenderGate } from "@/server/http/page-render-admission";
import { passwordHashActivity } from "@/server/security/password-hash";
import { counterMetric, gaugeMetric, registerScrapeCollector } from "./metrics";

/**
 * What every party shares in a process, read at scrape time: the argon2
 * queue (server/security/password-hash.ts), the line in front of the page
 * renders (server/http/page-render-admission.ts) and the database pool. On the
 * embedded database there is no pool: its gauges are made only once the
 * connection turns out to be PostgreSQL's, so PGlite reports none rather
 * than a pool of zero connections.
 */
export function registerProcessMetrics(): void {
  const hashQueue = gaugeMetric({
    name: "password_hash_queue_length",
    help: "argon2 hashes and verifications waiting for a free slot in this process.",
  });
  const hashRunning = gaugeMetric({
    name: "password_hash_running",
    help: "argon2 hashes and verifications running now in this process.",
  });
  const hashWork = counterMetric({
    name: "password_hash_operations_total",
    help: "argon2 hashes and verifications this process has started, by operation.",
    labelNames: ["operation"] as const,
  });
  registerScrapeCollector({
    name: "password-hash",
    gauges: [hashQueue, hashRunning],
    collect: async () => {
      const activity = passwordHashActivity();
      hashQueue.set(activity.waiting);
      hashRunning.set(activity.running);
      // The module keeps its own running totals: the counter is set to them (reset, then raised to the total).
      hashWork.reset();
      hashWork.inc({ operation: "hash" }, activity.hashes);
      hashWork.inc({ operation: "verify" }, activity.verifications);
    },
  });

  const rendersInFlight = gaugeMetric({
    name: "page_renders_in_flight",
    help: "Page renders this process is working on now, by line (pages, sign-in).",
    labelNames: ["lane"] as const,
  });
  const rendersWaiting = gaugeMetric({
    name: "page_renders_waiting",
    help: "Page renders waiting for their turn in this process, by line (pages, sign-in).",
    labelNames: ["lane"] as const,
  });
  const rendersShed = counterMetric({
    name: "page_renders_busy_total",
    help: "Page renders this process answered busy (503) for a full line or a long wait, by line.",
    labelNames: ["lane"] as const,
  });
  registerScrapeCollector({
    name: "page-renders",
    gauges: [rendersInFlight, rendersWaiting],
    collect: async () => {
      rendersShed.reset();
      for (const [lane, activity] of Object.entries(pageRenderGate().activity())) {
        rendersInFlight.set({ lane }, activity.inFlight);
        rendersWaiting.set({ lane }, activity.waiting);
        rendersShed.inc({ lane }, activity.shed);
      }
    },
  });

  registerScrapeCollector({
    name: "database-pool",
    gauges: [],
    collect: async () => {
      const usage = (await getConnection()).poolUsage?.();
      if (!usage) return;
      const pool = poolGauges();
      pool.connections.set({ state: "idle" }, usage.idle);
      pool.connections.set({ state: "in_use" }, usage.total - usage.idle);
      pool.waiting.set(usage.waiting);
      pool.max.set(usage.max);
    },
  });
}

function poolGauges() {
  return {
    connections: gaugeMetric({
      name: "database_pool_connections",
      help: "PostgreSQL connections this process's pool holds open, by state (idle, in_use).",
      labelNames: ["state"] as const,
    }),
    waiting: gaugeMetric({
      name: "database_pool_waiting_requests",
      help: "Queries waiting for a connection of this process's pool.",
    }),
    max: gaugeMetric({
      name: "database_pool_max_connections",
      help: "The most connections this process's pool opens (DATABASE_POOL_SIZE).",
    }),
  };
}
