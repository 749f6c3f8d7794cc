import type { Database } from "@/server/db/connect";
import type { PartnerWithKey } from "@/server/loyalty/partners/find-partner-by-api-key";
import { takeFromBatchedCounters } from "./batched-counters";
import type { RateLimitDecision } from "./rate-limit-decision";

/**
 * The partner operations' limits, per api_key, with the values set on the
 * key's partner in the database: a rate per second (USAGE_RATE_EXCEEDED) and
 * a quota per UTC day (USAGE_RATE_LIMIT_EXCEEDED). Counted in batches, so the
 * hot path pays no query for them.
 */
export function apiKeyRateLimits(db: Database, found: PartnerWithKey, now: Date): RateLimitDecision[] {
  const bucket = `api-key:${found.keyId}`;
  return takeFromBatchedCounters(
    db,
    [
      { bucket: `${bucket}:s`, policy: { name: "rate", limit: found.partner.requestsPerSecond, windowSeconds: 1 } },
      { bucket: `${bucket}:d`, policy: { name: "daily", limit: found.partner.requestsPerDay, windowSeconds: 86_400 } },
    ],
    now,
  );
}
