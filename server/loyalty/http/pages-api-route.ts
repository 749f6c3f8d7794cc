import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@/server/config/env";
import type { PartnerEndpoint, RouteParams } from "./partner-operation";
import type { HeaderReader, PartnerRequest } from "./partner-request";
import { readNodeBodyWithin } from "./read-body";

/**
 * A partner operation as a Pages Router API route (docs/decisions.md,
 * "Partner API routes"): Next.js hands the route Node's own request and
 * response, so the gateway reads headers and body straight from them and
 * writes its reply in one `end`, with none of the Web Request and Response
 * copies an App Router route handler makes of every request. Each route
 * file names its dynamic segments, since Next.js merges them into the query
 * (where a segment wins over a query parameter of the same name).
 */
export function partnerApiRoute(
  endpoint: PartnerEndpoint,
  segments: readonly string[] = [],
): (incoming: IncomingMessage & { query?: RouteParams }, outgoing: ServerResponse) => Promise<void> {
  return async (incoming, outgoing) => {
    const params: RouteParams = {};
    for (const name of segments) params[name] = incoming.query?.[name];
    const reply = await endpoint.serve(partnerRequestOf(incoming), params);
    outgoing.statusCode = reply.status;
    for (const [name, value] of Object.entries(reply.headers)) outgoing.setHeader(name, value);
    outgoing.end(reply.body ?? undefined);
  };
}

function partnerRequestOf(incoming: IncomingMessage): PartnerRequest {
  return {
    method: incoming.method ?? "GET",
    url: absoluteUrl(incoming),
    headers: nodeHeaders(incoming),
    readBody: (maxBytes) => readNodeBodyWithin(incoming, maxBytes),
  };
}

/**
 * The URL the partner asked for, on the app's public origin (APP_ORIGIN): links the operation builds from it
 * (`_links.self`, `developerLink`) point where partners reach the API, behind a proxy too, whatever Host header was
 * sent. Only the path and query are taken from the request line, so it never changes the origin.
 */
function absoluteUrl(incoming: IncomingMessage): string {
  return new URL(`${new URL(env().APP_ORIGIN).origin}${requestPath(incoming.url)}`).href;
}

/** The request line's path and query; of the absolute form a proxy may send (`http://host/path?q`), the same. */
function requestPath(target = "/"): string {
  if (target.startsWith("/")) return target;
  if (!URL.canParse(target)) return "/";
  const { pathname, search } = new URL(target);
  return `${pathname}${search}`;
}

/** Node keeps header names in lower case; repeated ones are joined as `Headers.get` joins them. */
function nodeHeaders(incoming: IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = incoming.headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}
