import type { RouteHandler } from "@/server/loyalty/http/partner-operation";
import sandbox from "@/sandbox.json";

export const origin = "http://localhost:3000";
export const demoApiKey = sandbox.partners[0]!.apiKeys.staging;
export const demoLiveApiKey = sandbox.partners[0]!.apiKeys.live!;
export const inactiveApiKey = sandbox.partners[1]!.apiKeys.staging;
export const noProgrammeApiKey = sandbox.partners[2]!.apiKeys.staging;

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

/** Calls a route module's handlers the way Next.js does: a real Request and a params promise. */
export async function callRoute(routeModule: object, call: RouteCall): Promise<RouteAnswer> {
  const method = call.method ?? "GET";
  const handler = (routeModule as Partial<Record<string, RouteHandler>>)[method];
  if (!handler) throw new Error(`route exports no ${method}`);
  const request = new Request(new URL(call.url, origin), { method, headers: call.headers, body: call.body });
  const response = await handler(request, { params: Promise.resolve(call.params ?? {}) });
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
