import "server-only";
import { rateLimitKey } from "@/server/http/client-address";
import { customerIp } from "@/server/portal/customer-ip";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { hitRateLimit } from "./hit-rate-limit";
import type { RateLimitDecision, RateLimitRule } from "./rate-limit-rule";
import { rateLimitWait } from "./rate-limit-wait";

/** Counts one hit of the current request's client (server actions, route handlers). */
export async function hitClientRateLimit(rule: RateLimitRule): Promise<RateLimitDecision> {
  return hitRateLimit(await getPortalDatabase(), rule, rateLimitKey(await customerIp()), new Date());
}

/** Seconds the current request's client must wait under `rule`; 0 when it may go ahead. */
export async function clientRateLimitWait(rule: RateLimitRule): Promise<number> {
  return rateLimitWait(await getPortalDatabase(), rule, rateLimitKey(await customerIp()), new Date());
}

/** A wait as a member reads it: "1 minute", "12 minutes", "3 hours". */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}
