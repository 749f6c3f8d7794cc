import "server-only";
import { AsyncResource } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { consoleFormBusyText } from "@/lib/forms/console-busy";
import { env } from "@/server/config/env";
import { clientAddress, rateLimitKey } from "./client-address";

/** The public forms of the consoles, posted before any session: developer sign-in and sign-up, staff sign-in. */
const consoleFormPath = /^\/(?:developers\/(?:login|signup)|staff\/login)\/?(?:\?|$)/;

/** Seconds a shed post is told to wait: the forms' work takes well under a second each. */
export const consoleFormRetryAfterSeconds = 2;

export interface ConsoleFormLimits {
  /** Posts worked on at once, all addresses together. */
  inFlight: number;
  /** Posts worked on at once from one client address (an IPv4 address or IPv6 /64). */
  inFlightPerAddress: number;
  /** Posts that may wait for their turn, from one address and in all. */
  waitingPerAddress: number;
  waiting: number;
  /** A post that waited this long is answered busy. */
  maxWaitMs: number;
}

export function consoleFormLimits(): ConsoleFormLimits {
  const config = env();
  return {
    inFlight: config.CONSOLE_FORMS_IN_FLIGHT,
    inFlightPerAddress: config.CONSOLE_FORMS_IN_FLIGHT_PER_ADDRESS,
    waitingPerAddress: config.CONSOLE_FORMS_WAITING_PER_ADDRESS,
    waiting: config.CONSOLE_FORMS_WAITING,
    maxWaitMs: config.CONSOLE_FORMS_MAX_WAIT_MS,
  };
}

interface Waiter {
  client: string;
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface ConsoleFormGate {
  /**
   * `now`: the post may go on; `later`: it waits, and `start` is called when
   * its turn comes; `shed`: it was answered 503 here. Posts of other paths
   * and methods always go on.
   */
  admit(request: IncomingMessage, response: ServerResponse, start: () => void): "now" | "later" | "shed";
  activity(): { inFlight: number; waiting: number; shed: number };
}

/**
 * The gate in front of the public console forms, before Next.js reads
 * anything: it works on at most `inFlight` of their posts at once and on
 * `inFlightPerAddress` from one client address; the next ones from an
 * address wait their turn in order (a few, for a while), and beyond that
 * they are answered 503 with Retry-After at once, at the cost of parsing
 * their headers. A flood from one address then costs the process one
 * sign-in's work at a time, and the member logins keep it
 * (docs/decisions.md, "Sign-in and sign-up under a flood"). Per process by
 * nature, as the password-hash queue is: it shares out this process's time;
 * what must hold across instances (attempts per address, locks, sign-up
 * caps) counts in the database.
 */
export function createConsoleFormGate(limits: () => ConsoleFormLimits): ConsoleFormGate {
  let inFlight = 0;
  let shedCount = 0;
  const perClient = new Map<string, number>();
  const waiting: Waiter[] = [];

  const waitingFrom = (client: string) => waiting.filter((waiter) => waiter.client === client).length;

  function begin(client: string, response: ServerResponse): void {
    inFlight += 1;
    perClient.set(client, (perClient.get(client) ?? 0) + 1);
    let ended = false;
    // `close` follows the answer, or a client that went away before it.
    response.once("close", () => {
      if (ended) return;
      ended = true;
      inFlight -= 1;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
      startWaiting();
    });
  }

  function startWaiting(): void {
    const current = limits();
    for (let index = 0; index < waiting.length && inFlight < current.inFlight;) {
      const waiter = waiting[index]!;
      if ((perClient.get(waiter.client) ?? 0) >= current.inFlightPerAddress) {
        index += 1;
        continue;
      }
      waiting.splice(index, 1);
      clearTimeout(waiter.timer);
      waiter.start();
    }
  }

  function shed(request: IncomingMessage, response: ServerResponse): "shed" {
    shedCount += 1;
    answerBusy(request, response);
    return "shed";
  }

  return {
    admit(request, response, start) {
      if (request.method !== "POST" || !consoleFormPath.test(request.url ?? "")) return "now";
      const current = limits();
      const client = rateLimitKey(clientAddress({ get: (name) => headerValue(request, name) }));
      const mayStart = inFlight < current.inFlight && (perClient.get(client) ?? 0) < current.inFlightPerAddress;
      if (mayStart && !waiting.some((waiter) => waiter.client === client)) {
        begin(client, response);
        return "now";
      }
      if (waiting.length >= current.waiting || waitingFrom(client) >= current.waitingPerAddress)
        return shed(request, response);
      // Its turn comes in another post's `close`: it starts in its own async context, not that one's.
      const startInOwnContext = AsyncResource.bind(start);
      const waiter: Waiter = {
        client,
        start: () => {
          begin(client, response);
          startInOwnContext();
        },
        timer: setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index < 0) return;
          waiting.splice(index, 1);
          shed(request, response);
        }, current.maxWaitMs),
      };
      waiter.timer.unref?.();
      waiting.push(waiter);
      // A client that gives up while waiting leaves the line.
      response.once("close", () => {
        const index = waiting.indexOf(waiter);
        if (index < 0) return;
        waiting.splice(index, 1);
        clearTimeout(waiter.timer);
      });
      return "later";
    },
    activity: () => ({ inFlight, waiting: waiting.length, shed: shedCount }),
  };
}

function headerValue(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * 503 with Retry-After. A server action posted by the page's script gets
 * plain text, which Next.js's client raises as the action's error with this
 * message (the console's error page shows it); a form posted without
 * JavaScript gets a small page saying it.
 */
function answerBusy(request: IncomingMessage, response: ServerResponse): void {
  const byScript = request.headers["next-action"] !== undefined;
  const body = byScript
    ? consoleFormBusyText
    : `<!doctype html><html lang="en"><meta charset="utf-8"><title>Busy</title><h1>Busy</h1><p>${consoleFormBusyText} Go back to the form to send it again.</p></html>`;
  response.writeHead(503, {
    "Content-Type": byScript ? "text/plain" : "text/html; charset=utf-8",
    "Retry-After": String(consoleFormRetryAfterSeconds),
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  });
  response.end(body);
  // The body is read and dropped, so the connection serves the client's next request.
  request.resume();
}

interface Holder {
  __consoleFormGate?: ConsoleFormGate;
}

/** This process's gate (one, whichever bundle of this module the server's hook runs). */
export function consoleFormGate(): ConsoleFormGate {
  return ((globalThis as Holder).__consoleFormGate ??= createConsoleFormGate(consoleFormLimits));
}
