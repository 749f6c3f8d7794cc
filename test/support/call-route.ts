import type { PartnerEndpoint, RouteParams } from "@/server/loyalty/http/partner-operation";
import { readBodyWithin } from "@/server/loyalty/http/read-body";
import sandbox from "@/sandbox.json";

export const origin = "http://localhost:3000";
export const demoApiKey = sandbox.partners[0]!.apiKeys.staging;
export const demoLiveApiKey = sandbox.partners[0]!.apiKeys.live!;
export const inactiveApiKey = sandbox.partners[1]!.apiKeys.staging;
export const noProgrammeApiKey = sandbox.partners[2]!.apiKeys.staging;

/** A Web route handler as the App Router calls it. */
export type RouteHandler = (request: Request, context: { params: Promise<RouteParams> }) => Promise<Response>;

export interface RouteCall {
  method?: string;
  /** Path and query, e.g. `/api/v1/programmes?api_key=...`. */
  url: string;
  params?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  body?: string;
}

export interface RouteAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  json: unknown;
}

/**
 * Calls a route the way Next.js does: a partner operation (PartnerEndpoint)
 * with its request and matched segments, as its Pages Router route does; a
 * route module's handlers with a real Request and a params promise.
 */
export async function callRoute(route: object | PartnerEndpoint, call: RouteCall): Promise<RouteAnswer> {
  const method = call.method ?? "GET";
  const request = new Request(new URL(call.url, origin), { method, headers: call.headers, body: call.body });
  let response: Response;
  if (isPartnerEndpoint(route)) {
    response = await serveWebRequest(route, request, call.params ?? {});
  } else {
    const handler = (route as Partial<Record<string, RouteHandler>>)[method];
    if (!handler) throw new Error(`route exports no ${method}`);
    response = await handler(request, { params: Promise.resolve(call.params ?? {}) });
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Adds the demo partner's api_key to a path. */
export function withKey(path: string, apiKey: string = demoApiKey): string {
  return `${path}${path.includes("?") ? "&" : "?"}api_key=${apiKey}`;
}

export function isPartnerEndpoint(route: object): route is PartnerEndpoint {
  return typeof (route as Partial<PartnerEndpoint>).serve === "function";
}

/** A partner operation answering a Web Request: what pages-api-route.ts does with Node's request, for tests without a server. */
export async function serveWebRequest(
  endpoint: PartnerEndpoint,
  request: Request,
  params: RouteParams,
): Promise<Response> {
  const reply = await endpoint.serve(
    {
      method: request.method,
      url: request.url,
      headers: request.headers,
      readBody: (maxBytes) => readBodyWithin(request, maxBytes),
    },
    params,
  );
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}
