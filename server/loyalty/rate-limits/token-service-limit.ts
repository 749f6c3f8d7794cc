import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { clientAddress, rateLimitKey } from "@/server/http/client-address";
import { countRateLimitRefusal } from "@/server/observability/refusal-metrics";
import { consumeRateLimit } from "./consume-rate-limit";
import type { RateLimitDecision } from "./rate-limit-decision";

/**
 * Counts a request to a token service (login pages, grant, secure key,
 * revocation) per client address (server/http/client-address.ts) and service, before any password or
 * client secret is hashed: every one of them can be made to run argon2.
 * Undefined when limits are off (RATE_LIMITS=off).
 */
export async function tokenServiceLimit(
  db: Database,
  service: string,
  request: Request,
  now: Date = new Date(),
): Promise<RateLimitDecision | undefined> {
  const config = env();
  if (config.RATE_LIMITS === "off") return undefined;
  const decision = await consumeRateLimit(
    db,
    `token-ip:${service}:${rateLimitKey(clientAddress(request.headers))}`,
    config.TOKEN_IP_RATE_LIMIT,
    config.TOKEN_IP_RATE_WINDOW_SECONDS,
    now,
    "address",
  );
  if (!decision.allowed) countRateLimitRefusal("token-service");
  return decision;
}
