import type { Database } from "@/server/db/connect";
import { findPartnerByApiKey, type PartnerWithKey } from "./find-partner-by-api-key";

/**
 * Seconds a known api_key's partner is remembered by one instance. Every
 * partner request starts with this lookup; remembering it briefly saves a
 * query per request. A change that must show at once (a rolled or revoked
 * key, a disabled partner) is announced by the database to every instance
 * (follow-partner-key-changes.ts), which then forgets everything; this
 * lifetime bounds what a missed announcement could cost (docs/decisions.md).
 * Unknown keys are never remembered.
 */
export const partnerCacheSeconds = 10;
const maximumEntries = 1_000;

// On globalThis: Next.js may bundle this module once per route, and a key rolled by the developer
// console's action must be forgotten by the partner operations' copy too.
const cache = ((
  globalThis as { __partnerKeyCache?: Map<string, { found: PartnerWithKey; until: number }> }
).__partnerKeyCache ??= new Map());
// Bumped by every forgetting: a lookup that was already reading when a change was announced must not store what it read.
const generation = ((globalThis as { __partnerKeyGeneration?: { value: number } }).__partnerKeyGeneration ??= {
  value: 0,
});

export async function findPartnerByApiKeyCached(
  db: Database,
  apiKey: string,
  now = Date.now(),
): Promise<PartnerWithKey | undefined> {
  const cached = cache.get(apiKey);
  if (cached && cached.until > now) return cached.found;
  const startedIn = generation.value;
  const found = await findPartnerByApiKey(db, apiKey);
  if (found && startedIn === generation.value) {
    if (cache.size >= maximumEntries) cache.clear();
    cache.set(apiKey, { found, until: now + partnerCacheSeconds * 1_000 });
  } else {
    cache.delete(apiKey);
  }
  return found;
}

/** Forget every remembered partner (a change announced by the database; tests that change partners). */
export function clearPartnerCache(): void {
  generation.value += 1;
  cache.clear();
}

/** Forget a key this instance remembers, by the key's id (a rolled key stops here at once). */
export function forgetPartnerKey(keyId: number): void {
  generation.value += 1;
  for (const [apiKey, entry] of cache) if (entry.found.keyId === keyId) cache.delete(apiKey);
}
