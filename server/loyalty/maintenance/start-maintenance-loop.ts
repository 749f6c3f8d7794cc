import "server-only";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { startPollingLoop } from "@/server/workers/polling-loop";
import { runMaintenance } from "./run-maintenance";

/**
 * Runs the service's housekeeping every `intervalMs` in this process (once
 * per process, whatever calls it), first shortly after start. A failed pass
 * is logged and the next one tries again; the timer never keeps the
 * process alive.
 */
export function startMaintenanceLoop(intervalMs: number): void {
  startPollingLoop({
    name: "maintenance",
    intervalMs,
    firstDelayMs: Math.min(intervalMs, 30_000),
    pass: async () => runMaintenance(await getDatabase()),
    describe: (report) => (Object.values(report).some((count) => count > 0) ? { purged: report } : undefined),
  });
}
