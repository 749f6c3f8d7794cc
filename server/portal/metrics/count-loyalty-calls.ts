import "server-only";
import type { PartnerOperationName } from "@/lib/contract/request-log";
import { counterMetric } from "@/server/observability/metrics";

/** What the portal asks the service for: a partner operation (the service's own names) or a token service. */
export type LoyaltyCallOperation = Exclude<PartnerOperationName, "unknown-path"> | "token-service" | "other";

const segment = "[^/?]+";
/** Each operation's method and path (under any base path the LOYALTY_* URLs give), first match wins. */
const operations: [string, RegExp, LoyaltyCallOperation][] = [
  ["GET", new RegExp(`/programmes/${segment}/accounts(?:/${segment})?/transactions$`), "retrieve-transactions"],
  ["GET", new RegExp(`/programmes/${segment}/accounts/${segment}$`), "retrieve-account"],
  ["GET", new RegExp(`/programmes(?:/${segment})?$`), "retrieve-programme"],
  ["POST", /\/credit-transaction-requests$/, "credit-currency"],
  ["POST", /\/debit-transaction-requests$/, "debit-currency"],
  ["POST", /\/reverse-transaction-requests$/, "reverse-transaction"],
  ["POST", new RegExp(`/memberships/${segment}/registrations$`), "register-account"],
  ["PATCH", new RegExp(`/memberships/${segment}$`), "update-membership"],
  ["GET", new RegExp(`/memberships/${segment}$`), "retrieve-membership"],
  ["POST", /\/product-prices$/, "retrieve-product-prices"],
  ["GET", /\/partner\/requests$/, "retrieve-request-log"],
];

/** Token services (A2 grant and revocation, A4 secure key, the signing keys). */
const tokenServicePath = /\/(?:api\/grant|api\/revoke|secure\/[^/]+|jwks)$/;

/** The operation a call to `url` with `method` stands for; a bounded set, so a label never names a member. */
export function loyaltyCallOperation(method: string, url: string): LoyaltyCallOperation {
  let path: string;
  try {
    path = new URL(url).pathname.replace(/\/$/, "");
  } catch {
    return "other";
  }
  const upper = method.toUpperCase();
  for (const [operationMethod, pattern, operation] of operations) {
    if (upper === operationMethod && pattern.test(path)) return operation;
  }
  return tokenServicePath.test(path) ? "token-service" : "other";
}

const calls = () =>
  counterMetric({
    name: "portal_loyalty_calls_total",
    help: "Calls the portal sent to the loyalty service over HTTP, by operation (answered or not).",
    labelNames: ["operation"] as const,
  });

/**
 * A `fetch` that counts each call the portal sends to the loyalty service
 * by operation, before it goes (a call that times out was still made).
 * The benchmark reads the counter around its load to give each member
 * page's service calls per render; an operator reads it to see what the
 * portal costs the service.
 */
export function countedLoyaltyFetch(inner: typeof fetch): typeof fetch {
  return (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const url = input instanceof Request ? input.url : String(input);
    calls().inc({ operation: loyaltyCallOperation(method, url) });
    return inner(input, init);
  };
}
