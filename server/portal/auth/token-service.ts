import "server-only";
import { tracedFetch } from "@/server/observability/tracing";
import { countedLoyaltyFetch } from "@/server/portal/metrics/count-loyalty-calls";
import { createTokenClient, type ClientCredentials, type TokenClient } from "@/lib/loyalty-client/token-client";
import { loyaltyEndpoints, partnerCredentials } from "@/server/portal/loyalty-service";

let client: TokenClient | undefined;

/** The portal's client of the token services (A2, A4), over HTTP like any partner's. */
export function tokenService(): TokenClient {
  const endpoints = loyaltyEndpoints();
  client ??= createTokenClient({
    authUrl: endpoints.authUrl,
    partnerAuthUrl: endpoints.partnerAuthUrl,
    timeoutMs: 10_000,
    // Each call counted, and a span of the caller's trace carried to the other party in `traceparent`.
    fetch: countedLoyaltyFetch(tracedFetch("loyalty")),
  });
  return client;
}

/** The partner's member-login client of the primary programme (client_secret_basic at A2). */
export function memberLoginClient(): ClientCredentials {
  const credentials = partnerCredentials();
  return { clientId: credentials.clientId, secret: credentials.clientSecret };
}

/** The partner's client of the further programmes (Basic with the partner secret at A4). */
export function furtherProgrammesClient(): ClientCredentials & { businessContext: string } {
  const credentials = partnerCredentials();
  return {
    clientId: credentials.furtherClientId,
    secret: credentials.partnerSecret,
    businessContext: credentials.businessContext,
  };
}

/** Where the service publishes the keys that sign its access tokens. */
export function jwksUrl(): string {
  return `${loyaltyEndpoints().authUrl.replace(/\/$/, "")}/jwks`;
}
