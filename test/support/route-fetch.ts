import { membershipResource as membershipRoute } from "@/server/loyalty/operations/update-membership";
import { creditCurrency as creditRoute } from "@/server/loyalty/operations/credit-currency";
import { debitCurrency as debitRoute } from "@/server/loyalty/operations/debit-currency";
import { reverseTransaction as reverseRoute } from "@/server/loyalty/operations/reverse-transaction";
import { retrieveAccount as accountRoute } from "@/server/loyalty/operations/retrieve-account";
import { retrieveAccountTransactions as accountTransactionsRoute } from "@/server/loyalty/operations/retrieve-transactions";
import * as grantRoute from "@/app/oauth/api/grant/route";
import type { PartnerEndpoint } from "@/server/loyalty/http/partner-operation";
import { isPartnerEndpoint, serveWebRequest, type RouteHandler } from "./call-route";

const account = String.raw`/api/([^/]+)/programmes/([^/]+)/accounts/([^/]+)`;
const accountParams = ["version", "programmeIdentifier", "accountIdentifier"];

/** The app's route files a client under test reaches, by path, with the names of their dynamic segments. */
const routes: { pattern: RegExp; module: object | PartnerEndpoint; params: string[] }[] = [
  { pattern: /^\/oauth\/api\/grant$/, module: grantRoute, params: [] },
  { pattern: new RegExp(`^${account}$`), module: accountRoute, params: accountParams },
  { pattern: new RegExp(`^${account}/transactions$`), module: accountTransactionsRoute, params: accountParams },
  { pattern: new RegExp(`^${account}/credit-transaction-requests$`), module: creditRoute, params: accountParams },
  { pattern: new RegExp(`^${account}/debit-transaction-requests$`), module: debitRoute, params: accountParams },
  { pattern: new RegExp(`^${account}/reverse-transaction-requests$`), module: reverseRoute, params: accountParams },
  {
    pattern: /^\/api\/([^/]+)\/memberships\/([^/]+)$/,
    module: membershipRoute,
    params: ["version", "membershipIdentifier"],
  },
];

export interface RouteFetch {
  fetch: typeof fetch;
  /** Every request that went through, in order. */
  requests: Request[];
}

/**
 * A `fetch` that hands each request to the app's real route handler, the way
 * Next.js routes it (a Request and a params promise), so a typed client is
 * tested against the service itself without a server. Unknown paths get 404.
 */
export function routeFetch(): RouteFetch {
  const requests: Request[] = [];
  const dispatch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const path = new URL(request.url).pathname;
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params = Object.fromEntries(
        route.params.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]),
      );
      if (isPartnerEndpoint(route.module)) return serveWebRequest(route.module, request, params);
      const handler = (route.module as Partial<Record<string, RouteHandler>>)[request.method];
      if (!handler) return new Response(null, { status: 405 });
      return handler(request, { params: Promise.resolve(params) });
    }
    return new Response(null, { status: 404 });
  };
  return { fetch: dispatch as typeof fetch, requests };
}
