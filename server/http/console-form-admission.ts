import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@/server/config/env";
import { clientAddress, rateLimitKey } from "./client-address";

/** The public forms of the consoles, posted before any session: developer sign-in and sign-up, staff sign-in. */
const consoleFormPath = /^\/(?:developers\/(?:login|signup)|staff\/login)\/?(?:\?|$)/;

/** Seconds a shed post is told to wait: the forms' work takes well under a second each. */
export const consoleFormRetryAfterSeconds = 2;

/** What a shed post is answered, in the console's words (a form posted without JavaScript shows it as the page). */
export const consoleFormBusyText =
  "The console is answering many sign-ins right now. Wait a few seconds, then go back and try again.";

interface Holder {
  __consoleFormsInFlight?: { total: number; perClient: Map<string, number> };
}

// One count per process, whichever bundle of this module the server's hook runs.
const inFlight = ((globalThis as Holder).__consoleFormsInFlight ??= { total: 0, perClient: new Map() });

/** Posts of the public console forms this process is working on, for tests. */
export function consoleFormsInFlight(): number {
  return inFlight.total;
}

/**
 * Admits a post of a public console form, or answers it 503 with
 * Retry-After at once, before Next.js reads its body or renders anything:
 * this process works on at most CONSOLE_FORMS_IN_FLIGHT such posts at once,
 * and at most CONSOLE_FORMS_IN_FLIGHT_PER_ADDRESS from one client address
 * (an IPv4 address or IPv6 /64). A flood of sign-in attempts then costs a
 * few microseconds each beyond those, and the member logins keep the
 * process (docs/decisions.md, "Sign-in and sign-up under a flood"). Per
 * process by nature, as the password-hash queue is: it shares out this
 * process's time; the limits that must hold across instances (attempts per
 * address, locks, sign-up caps) count in the database. Every other request
 * passes untouched. Answers true when the request may go on.
 */
export function admitConsoleForm(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== "POST" || !consoleFormPath.test(request.url ?? "")) return true;
  const config = env();
  const client = rateLimitKey(clientAddress({ get: (name) => headerValue(request, name) }));
  const fromClient = inFlight.perClient.get(client) ?? 0;
  if (inFlight.total >= config.CONSOLE_FORMS_IN_FLIGHT || fromClient >= config.CONSOLE_FORMS_IN_FLIGHT_PER_ADDRESS) {
    shed(request, response);
    return false;
  }
  inFlight.total += 1;
  inFlight.perClient.set(client, fromClient + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    inFlight.total -= 1;
    const left = (inFlight.perClient.get(client) ?? 1) - 1;
    if (left > 0) inFlight.perClient.set(client, left);
    else inFlight.perClient.delete(client);
  };
  // `close` follows the answer, or a client that went away before it.
  response.once("close", release);
  return true;
}

function headerValue(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * 503 with Retry-After. A server action posted by the page's script gets
 * plain text, which Next.js's client raises as the action's error with this
 * message; a form posted without JavaScript gets a small page saying it.
 */
function shed(request: IncomingMessage, response: ServerResponse): void {
  const byScript = request.headers["next-action"] !== undefined;
  const body = byScript
    ? consoleFormBusyText
    : `<!doctype html><html lang="en"><meta charset="utf-8"><title>Busy</title><h1>Busy</h1><p>${consoleFormBusyText}</p></html>`;
  response.writeHead(503, {
    "Content-Type": byScript ? "text/plain" : "text/html; charset=utf-8",
    "Retry-After": String(consoleFormRetryAfterSeconds),
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    // The body is not read: the connection closes rather than wait for it.
    Connection: "close",
  });
  response.end(body);
  request.resume();
}
