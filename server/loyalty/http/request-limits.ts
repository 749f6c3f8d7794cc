import "server-only";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import type { PartnerWithKey } from "@/server/loyalty/partners/find-partner-by-api-key";
import { apiKeyRateLimits } from "@/server/loyalty/rate-limits/api-key-limits";
import { rateLimitHeaders } from "@/server/loyalty/rate-limits/rate-limit-decision";
import { countRateLimitRefusal } from "@/server/observability/refusal-metrics";
import { ServiceError } from "./service-error";

/**
 * The gateway's request limits for an authenticated api_key. Returns the
 * RateLimit headers every answer carries; throws USAGE_RATE_EXCEEDED (the
 * per-second rate) or USAGE_RATE_LIMIT_EXCEEDED (the daily quota), 429 with
 * Retry-After, when one is reached.
 */
export function enforceApiKeyLimits(db: Database, found: PartnerWithKey, now = new Date()): Record<string, string> {
  if (env().RATE_LIMITS === "off") return {};
  const decisions = apiKeyRateLimits(db, found, now);
  const headers = rateLimitHeaders(decisions);
  const refused = decisions.find((decision) => !decision.allowed);
  if (!refused) return headers;
  const daily = refused.policy === "daily";
  countRateLimitRefusal(daily ? "api-key-daily" : "api-key-rate");
  throw new ServiceError(daily ? "USAGE_RATE_LIMIT_EXCEEDED" : "USAGE_RATE_EXCEEDED", {
    developerMessage: daily
      ? `This api_key has made its ${refused.limit} requests of the day (UTC); retry after ${refused.resetSeconds} seconds.`
      : `This api_key may make ${refused.limit} requests per second; retry after ${refused.resetSeconds} seconds.`,
    headers,
  });
}
