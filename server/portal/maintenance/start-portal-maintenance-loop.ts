import "server-only";
import { env } from "@/server/config/env";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { rateLimitRules } from "@/server/portal/rate-limit/rate-limit-rule";
import { startPollingLoop } from "@/server/workers/polling-loop";
import { purgePortalExpired } from "./purge-portal-expired";

/**
 * Runs the portal's housekeeping (purgePortalExpired) every `intervalMs` in
 * this process, first shortly after start, as the service's maintenance
 * loop does for its own tables. A failed pass is logged and the next one
 * tries again; the timer never keeps the process alive.
 */
export function startPortalMaintenanceLoop(intervalMs: number): void {
  startPollingLoop({
    name: "portal-maintenance",
    intervalMs,
    firstDelayMs: Math.min(intervalMs, 30_000),
    pass: async () => {
      const rules = rateLimitRules();
      return purgePortalExpired(await getPortalDatabase(), {
        staffIdleMinutes: env().STAFF_SESSION_IDLE_MINUTES,
        rateLimitRules: [rules.signIn, rules.register, rules.staffSignIn],
      });
    },
    describe: (report) => (Object.values(report).some((count) => count > 0) ? { purged: report } : undefined),
  });
}
