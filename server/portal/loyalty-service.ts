import "server-only";
import { env } from "@/server/config/env";
import { tracedFetch } from "@/server/observability/tracing";
import { countedLoyaltyFetch } from "@/server/portal/metrics/count-loyalty-calls";
import { createLoyaltyClient, type LoyaltyClient } from "@/lib/loyalty-client/loyalty-client";

/** Where the loyalty service answers, as the portal sees it: the LOYALTY_* URLs, else this app. */
export function loyaltyEndpoints() {
  const config = env();
  const origin = config.APP_ORIGIN.replace(/\/$/, "");
  return {
    baseUrl: config.LOYALTY_BASE_URL ?? `${origin}/api`,
    authUrl: config.LOYALTY_AUTH_URL ?? `${origin}/oauth`,
    partnerAuthUrl: config.LOYALTY_PARTNER_AUTH_URL ?? `${origin}/partner-oauth`,
  };
}

/** The partner's credentials with the service; server-only, they never reach a browser. */
export function partnerCredentials() {
  const config = env();
  return {
    apiKey: config.LOYALTY_API_KEY,
    clientId: config.LOYALTY_CLIENT_ID,
    clientSecret: config.LOYALTY_CLIENT_SECRET,
    furtherClientId: config.LOYALTY_FURTHER_CLIENT_ID,
    partnerSecret: config.LOYALTY_PARTNER_SECRET,
    businessContext: config.LOYALTY_BUSINESS_CONTEXT,
    applicationName: config.LOYALTY_APPLICATION_NAME,
  };
}

let client: LoyaltyClient | undefined;

/** The portal's client of the loyalty service, over HTTP like any partner's. */
export function loyaltyService(): LoyaltyClient {
  client ??= createLoyaltyClient({
    baseUrl: loyaltyEndpoints().baseUrl,
    apiKey: partnerCredentials().apiKey,
    applicationName: partnerCredentials().applicationName,
    timeoutMs: 10_000,
    // Each call counted by operation, and a span of the caller's trace carried to the other party in `traceparent`.
    fetch: countedLoyaltyFetch(tracedFetch("loyalty")),
  });
  return client;
}
