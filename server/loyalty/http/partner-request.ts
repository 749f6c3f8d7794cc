import type { BodyRead } from "./read-body";

/** The request headers an operation reads, by name in any case; a Web `Headers` is one. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** The part of a request that token checks and header readers need. */
export interface RequestHeaders {
  headers: HeaderReader;
}

/**
 * A partner request as the operations see it, whichever router carried it:
 * the Pages Router's Node request in `next start` (pages-api-route.ts), a
 * Web `Request` in the route tests (test/support/call-route.ts). Only what
 * the gateway and the operations read, so neither pays for a copy it never uses.
 */
export interface PartnerRequest {
  method: string;
  /** Absolute, as the client asked for it (the origin is the server's own). */
  url: string;
  headers: HeaderReader;
  /** The body's bytes, refused past `maxBytes` before they are held (read-body.ts). */
  readBody(maxBytes: number): Promise<BodyRead>;
}

/** What an operation answers, before a router writes it: a JSON body as text, or none. */
export interface PartnerReply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** A JSON answer, with the `Content-Type` a Web `Response.json` would give it. */
export function jsonReply(status: number, body: unknown, headers: Record<string, string>): PartnerReply {
  return { status, headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) };
}

/** `extra` set on the reply's headers, each replacing a header of the same name in any case (as `Headers.set` does). */
export function withHeaders(reply: PartnerReply, extra: Record<string, string>): PartnerReply {
  const names = Object.keys(extra);
  if (names.length === 0) return reply;
  const replaced = new Set(names.map((name) => name.toLowerCase()));
  const kept = Object.entries(reply.headers).filter(([name]) => !replaced.has(name.toLowerCase()));
  return { ...reply, headers: { ...Object.fromEntries(kept), ...extra } };
}
