import "server-only";
import { env } from "@/server/config/env";
import { tracedFetch } from "@/server/observability/tracing";
import { createPaymentsClient, type PaymentsClient } from "@/lib/payments-client/payments-client";
import { defaultBrowserBaseUrl } from "@/lib/payments-client/tokenise-card";

/** What the card form needs in the browser: public values only, never the secret key. */
export interface PaymentsBrowserSettings {
  publishableKey: string;
  /** The processor as the browser reaches it: PAYMENTS_BASE_URL, else this app's `/payments-sandbox`. */
  baseUrl: string;
}

export function paymentsBrowserSettings(): PaymentsBrowserSettings {
  const config = env();
  return {
    publishableKey: config.PAYMENTS_PUBLISHABLE_KEY,
    baseUrl: config.PAYMENTS_BASE_URL ?? defaultBrowserBaseUrl,
  };
}

let client: PaymentsClient | undefined;

/** The portal's client of the card processor (PAYMENTS_BASE_URL, else this app's sandbox), over HTTP. */
export function paymentsService(): PaymentsClient {
  const config = env();
  client ??= createPaymentsClient({
    baseUrl: config.PAYMENTS_BASE_URL ?? `${config.APP_ORIGIN.replace(/\/$/, "")}/payments-sandbox`,
    secretKey: config.PAYMENTS_SECRET_KEY,
    timeoutMs: config.PAYMENTS_TIMEOUT_MS,
    // Each call a span of the caller's trace, carried to the other party in `traceparent`.
    fetch: tracedFetch("payments"),
  });
  return client;
}
