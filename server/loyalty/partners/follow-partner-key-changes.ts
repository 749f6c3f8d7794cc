import type { DatabaseHandle } from "@/server/db/connect";
import { logger } from "@/server/observability/logger";
import { clearPartnerCache } from "./cached-partner-lookup";

/** The channel migration 0012's triggers notify when api_keys, partners or partner_programmes change. */
export const partnerKeysChannel = "loyalty_partner_keys";

/**
 * Makes this instance forget the api_keys it remembers whenever any instance
 * sharing the database changes a key, a partner or its programmes (at
 * commit), and whenever the listening connection failed (a change may have
 * been missed). If listening cannot start, the cache's own lifetime
 * (partnerCacheSeconds) is the bound, as before.
 */
export async function followPartnerKeyChanges(handle: DatabaseHandle): Promise<void> {
  if (!handle.listen) return;
  try {
    await handle.listen(partnerKeysChannel, clearPartnerCache, clearPartnerCache);
  } catch (error) {
    logger.warn({ err: error }, "api_key changes cannot be followed; cached keys expire after their lifetime only");
  }
}
