/**
 * Opens, migrates and seeds the database as the server starts, so the first
 * request does not pay for it. Requests still await the same promise.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase } = await import("./server/db/database");
  const { logger } = await import("./server/observability/logger");
  getDatabase().catch((error: unknown) => logger.error({ err: error }, "database start failed"));
}
