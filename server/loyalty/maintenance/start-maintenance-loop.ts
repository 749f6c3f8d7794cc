import "server-only";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { logger } from "@/server/observability/logger";
import { runMaintenance } from "./run-maintenance";

let started = false;

/**
 * Runs the service's housekeeping every `intervalMs` in this process (once
 * per process, whatever calls it), first shortly after start. A failed pass
 * is logged and the next one tries again; the timer never keeps the
 * process alive.
 */
export function startMaintenanceLoop(intervalMs: number): void {
  if (started) return;
  started = true;
  const pass = async () => {
    try {
      const report = await runMaintenance(await getDatabase());
      const removed = Object.values(report).reduce((sum, count) => sum + count, 0);
      if (removed > 0) logger.info({ purged: report }, "maintenance purged expired rows");
    } catch (error) {
      logger.warn({ err: error }, "maintenance pass failed");
    } finally {
      setTimeout(() => void pass(), intervalMs).unref();
    }
  };
  setTimeout(() => void pass(), Math.min(intervalMs, 30_000)).unref();
}
