import "server-only";
import { env, EnvironmentError } from "@/server/config/env";
import { refusalText } from "@/server/config/live-mode";

/**
 * Checks the configuration, then opens, migrates and seeds the database as
 * the server starts, so the first request does not pay for it. Requests
 * still await the same promises. Next.js answers no request before this
 * hook has returned, so a refused configuration ends the process before it
 * serves anything. Called by instrumentation.ts in the Node.js runtime only;
 * like it, this file belongs to no party (parties.json): it starts each one.
 */
export async function registerNodeRuntime(): Promise<void> {
  // First: a configuration that live mode refuses (server/config/live-mode.ts) stops the process, one line per problem.
  try {
    env();
  } catch (error) {
    if (error instanceof EnvironmentError) refuseToStart(error.problems);
    throw error;
  }
  // Before any render: the Errors renders are aborted with must not keep their stack frames (and the renders) alive.
  (await import("@/server/observability/format-abort-reasons")).formatAbortReasons();
  // Tracing next, so every span and log line from here on carries its trace ids (OTLP export only when configured).
  await (await import("@/server/observability/register-tracing")).startTracing();
  const live = env().APP_MODE === "live";
  // A live start says which of the sandbox's paths it answers 404 at: one plain line, as a refusal is, not a buffered log.
  if (live) process.stdout.write(`${(await import("@/lib/sandbox/sandbox-only-paths")).liveModeSandboxNotice}\n`);
  // Then every request from here on carries its socket's address (server/http/client-address.ts),
  // and every answer of the sandbox says so.
  const { recordSocketAddresses } = await import("@/server/http/socket-address-hook");
  recordSocketAddresses({ sandbox: !live });
  // SIGTERM and SIGINT stop the process gracefully from here on (server/shutdown): before any worker starts.
  const { beforeDatabasesClose, stopGracefullyOnSignals } = await import("@/server/shutdown/stop-on-signals");
  stopGracefullyOnSignals();

  const { logger } = await import("@/server/observability/logger");
  const { getPortalDatabase } = await import("@/server/portal/db/portal-database");
  const portal = getPortalDatabase();
  const warmUps: Promise<unknown>[] = [portal];
  // Live mode: no account whose password or secret is published may be there (a database the sandbox seeded).
  const accountChecks: Promise<string[]>[] = [];
  if (live) {
    const { sandboxStaffProblems } = await import("@/server/portal/staff/find-sandbox-staff");
    accountChecks.push(portal.then(sandboxStaffProblems));
  }
  // A portal pointed at another implementation of the service leaves this app's service asleep.
  if (!process.env.LOYALTY_BASE_URL) {
    const { getDatabase } = await import("@/server/loyalty/db/loyalty-database");
    const service = getDatabase();
    warmUps.push(service);
    if (live) {
      const { sandboxAccountProblems } = await import("@/server/loyalty/sandbox/find-sandbox-accounts");
      accountChecks.push(service.then(sandboxAccountProblems));
    }
    const maintenanceSeconds = env().MAINTENANCE_INTERVAL_SECONDS;
    if (maintenanceSeconds > 0) {
      const { startMaintenanceLoop } = await import("@/server/loyalty/maintenance/start-maintenance-loop");
      startMaintenanceLoop(maintenanceSeconds * 1000);
    }
    // The request log's last rows are written once the requests in flight are answered, before the pools close.
    const { flushRequestLogOnShutdown } = await import("@/server/loyalty/request-log/request-log-buffer");
    beforeDatabasesClose(flushRequestLogOnShutdown);
    // The partner events' delivery worker (WEBHOOK_WORKER=off: none in this process).
    const { startDeliveryWorker } = await import("@/server/loyalty/events/delivery/start-delivery-worker");
    startDeliveryWorker(getDatabase);
    // Its metrics on /metrics: the partner operations' and deliveries' counters, the webhook queue read at each scrape.
    const { registerServiceMetrics } = await import("@/server/loyalty/metrics/register-service-metrics");
    registerServiceMetrics(getDatabase);
  }
  // Likewise the payments sandbox, when the portal charges another processor.
  if (!process.env.PAYMENTS_BASE_URL) {
    const { getPaymentsDatabase } = await import("@/server/payments/db/payments-database");
    warmUps.push(getPaymentsDatabase());
  }
  // The portal's metrics on /metrics: the checkout's orders, read at each scrape.
  (await import("@/server/portal/metrics/register-portal-metrics")).registerPortalMetrics();
  for (const warmUp of warmUps) warmUp.catch((error: unknown) => logger.error({ err: error }, "database start failed"));
  if (accountChecks.length > 0) {
    const problems = (await Promise.all(accountChecks)).flat();
    if (problems.length > 0) refuseToStart(problems);
  }
  // The checkout's recovery worker settles unfinished orders (CHECKOUT_WORKER=off: none). Started whether or not the
  // portal's database is ready yet: each pass awaits it, and prepares it again when the first try failed (database down
  // at start), so the worker never stays missing for the life of the process.
  (await import("@/server/portal/checkout/recovery/start-recovery-worker")).startRecoveryWorker();
  // The portal's housekeeping: ended sessions, spent throttle rows and counters (the service has its own, above).
  const portalMaintenanceSeconds = env().MAINTENANCE_INTERVAL_SECONDS;
  if (portalMaintenanceSeconds > 0) {
    const { startPortalMaintenanceLoop } = await import("@/server/portal/maintenance/start-portal-maintenance-loop");
    startPortalMaintenanceLoop(portalMaintenanceSeconds * 1000);
  }
}

/** Ends the process before it serves anything: one line per problem on stderr, exit code 1. */
function refuseToStart(problems: string[]): never {
  process.stderr.write(refusalText(problems));
  process.exit(1);
}
