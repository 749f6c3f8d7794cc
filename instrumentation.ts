/**
 * Opens, migrates and seeds the database as the server starts, so the first
 * request does not pay for it. Requests still await the same promises.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logger } = await import("./server/observability/logger");
  const { getPortalDatabase } = await import("./server/portal/db/portal-database");
  const portal = getPortalDatabase();
  const warmUps: Promise<unknown>[] = [portal];
  // A portal pointed at another implementation of the service leaves this app's service asleep.
  if (!process.env.LOYALTY_BASE_URL) {
    const { getDatabase } = await import("./server/db/database");
    warmUps.push(getDatabase());
    const { env } = await import("./server/config/env");
    const maintenanceSeconds = env().MAINTENANCE_INTERVAL_SECONDS;
    if (maintenanceSeconds > 0) {
      const { startMaintenanceLoop } = await import("./server/loyalty/maintenance/start-maintenance-loop");
      startMaintenanceLoop(maintenanceSeconds * 1000);
    }
    // The request log's last rows are written before the server exits (Next.js also waits for them through `after`).
    const { flushRequestLogOnSignals } = await import("./server/loyalty/request-log/request-log-buffer");
    flushRequestLogOnSignals();
    // The partner events' delivery worker (WEBHOOK_WORKER=off: none in this process).
    const { startDeliveryWorker } = await import("./server/loyalty/events/delivery/start-delivery-worker");
    startDeliveryWorker(getDatabase);
  }
  // Likewise the payments sandbox, when the portal charges another processor.
  if (!process.env.PAYMENTS_BASE_URL) {
    const { getPaymentsDatabase } = await import("./server/payments/db/payments-database");
    warmUps.push(getPaymentsDatabase());
  }
  for (const warmUp of warmUps) warmUp.catch((error: unknown) => logger.error({ err: error }, "database start failed"));
  // The checkout's recovery worker settles unfinished orders once the portal's tables exist (CHECKOUT_WORKER=off: none).
  portal
    .then(async () => (await import("./server/portal/checkout/recovery/start-recovery-worker")).startRecoveryWorker())
    .catch((error: unknown) => logger.error({ err: error }, "checkout recovery worker did not start"));
}
