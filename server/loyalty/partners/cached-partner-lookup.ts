import type { Database } from "@/server/db/connect";
import { findPartnerByApiKey, type PartnerWithKey } from "./find-partner-by-api-key";

/**
 * Seconds a known api_key's partner is remembered by one instance. Every
 * partner request starts with this lookup; remembering it briefly saves a
 * query per request, and a revoked key or deactivated partner takes effect
 * within this time (docs/decisions.md). Unknown keys are never remembered.
 */
export const partnerCacheSeconds = 10;
const maximumEntries = 1_000;

// On globalThis: Next.js may bundle this module once per route, and a key rolled by the developer
// console's action must be forgotten by the partner operations' copy too.
const cache = ((
  globalThis as { __partnerKeyCache?: Map<string, { found: PartnerWithKey; until: number }> }
).__partnerKeyCache ??= new Map());

export async function findPartnerByApiKeyCached(
  db: Database,
  apiKey: string,
  now = Date.now(),
): Promise<PartnerWithKey | undefined> {
  const cached = cache.get(apiKey);
  if (cached && cached.until > now) return cached.found;
  const found = await findPartnerByApiKey(db, apiKey);
  if (found) {
    if (cache.size >= maximumEntries) cache.clear();
    cache.set(apiKey, { found, until: now + partnerCacheSeconds * 1_000 });
  } else {
    cache.delete(apiKey);
  }
  return found;
}

/** Forget every remembered partner (tests that change partners). */
export function clearPartnerCache(): void {
  cache.clear();
}

/** Forget a key this instance remembers, by the key's id (a rolled key stops here at once). */
export function forgetPartnerKey(keyId: number): void {
  for (const [apiKey, entry] of cache) if (entry.found.keyId === keyId) cache.delete(apiKey);
}
