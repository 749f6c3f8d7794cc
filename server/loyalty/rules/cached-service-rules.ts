import type { Database } from "@/server/db/connect";
import { findServiceRules, type ServiceRules } from "./find-service-rules";

/**
 * Seconds one instance keeps the rules it read. They change rarely and every
 * partner operation needs them; instances sharing one PostgreSQL each follow
 * a change within this time (docs/decisions.md, "Programme rules").
 */
export const serviceRulesCacheSeconds = 10;

interface Entry {
  rules: Promise<ServiceRules>;
  until: number;
}

// Per database handle, so tests (and a reset) never read another database's rules.
const cache = new WeakMap<Database, Entry>();

/** The rules, read at most once per `serviceRulesCacheSeconds`; concurrent callers share one read. */
export function findServiceRulesCached(db: Database, now = Date.now()): Promise<ServiceRules> {
  const cached = cache.get(db);
  if (cached && cached.until > now) return cached.rules;
  const rules = findServiceRules(db);
  const entry = { rules, until: now + serviceRulesCacheSeconds * 1_000 };
  cache.set(db, entry);
  // A failed read is not remembered: the next request tries again.
  rules.catch(() => {
    if (cache.get(db) === entry) cache.delete(db);
  });
  return rules;
}

/** Forget the rules read so far (tests that change them). */
export function clearServiceRulesCache(db: Database): void {
  cache.delete(db);
}
