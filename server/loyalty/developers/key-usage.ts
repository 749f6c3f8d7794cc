import { eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { oauthClients } from "@/server/loyalty/oauth/client-tables";
import { apiKeys } from "@/server/loyalty/partners/partner-tables";
import { logger } from "@/server/observability/logger";

/**
 * How often one instance writes a key's last-used time: the first use is
 * written at once, later ones at most every 10 seconds, so the partner
 * operations' hot path costs no query per request. The console therefore
 * shows when a key was last used to within 10 seconds.
 */
export const keyUsageIntervalMs = 10_000;

// One map per process (Next.js may bundle this module once per route).
const lastWritten = ((globalThis as { __apiKeyLastWritten?: Map<number, number> }).__apiKeyLastWritten ??= new Map());

/** Notes that an api_key was used; the write runs off the response path and a failure is only logged. */
export function noteKeyUsed(db: Database, keyId: number, now = Date.now()): void {
  const previous = lastWritten.get(keyId);
  if (previous !== undefined && now - previous < keyUsageIntervalMs) return;
  if (lastWritten.size > 10_000) lastWritten.clear();
  lastWritten.set(keyId, now);
  db.update(apiKeys)
    .set({
      lastUsedAt: sql`greatest(coalesce(${apiKeys.lastUsedAt}, to_timestamp(0)), ${new Date(now).toISOString()}::timestamptz)`,
    })
    .where(eq(apiKeys.id, keyId))
    .then(
      () => undefined,
      (error: unknown) => logger.warn({ err: error, keyId }, "an api key's last use could not be written"),
    );
}

/** Notes that a client secret authenticated its client (token services: few requests, written every time). */
export async function noteClientSecretUsed(db: Database, clientRowId: number, now = new Date()): Promise<void> {
  await db.update(oauthClients).set({ lastUsedAt: now }).where(eq(oauthClients.id, clientRowId));
}
