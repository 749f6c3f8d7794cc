import "server-only";
import { AsyncResource } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { busyPageText } from "@/lib/i18n/busy-page-text";
import { readCookie } from "@/lib/http/read-cookie";
import { languageCookie, type Locale } from "@/lib/i18n/locales";
import { resolveLocale } from "@/lib/i18n/resolve-locale";
import { env } from "@/server/config/env";

/**
 * Which line a request joins: `sign-in` for the pages on the way in (the
 * portal's and the programme's login pages, registration, the consoles'
 * sign-in forms), `pages` for every other page render. Everything that is
 * not a page render goes on at once: the APIs (the pages' own calls to the
 * service and the processor come back into this process, so they must never
 * wait behind the page that made them), Next.js's files, the public files,
 * health and metrics, and any post (a payment or a saved profile is not held
 * behind someone's browsing; the console forms have a gate of their own).
 */
export type RenderLane = "pages" | "sign-in";

const notAPage =
  /^\/(?:_next\/|api\/|oauth\/(?!auth\/login(?:[/?]|$))|partner-oauth\/|payments-sandbox\/|metrics(?:[/?]|$))/;
const signInPage = /^\/(?:login|register|oauth\/auth\/login|staff\/login|developers\/(?:login|signup))(?:[/?]|$)/;
/** A public file (favicon.ico, robots.txt…): its last segment has an extension. */
const publicFile = /^[^?]*\/[^/?]*\.[a-z0-9]+(?:\?|$)/i;

export function renderLaneOf(method: string | undefined, url: string | undefined): RenderLane | undefined {
  if ((method !== "GET" && method !== "HEAD") || !url?.startsWith("/")) return undefined;
  if (notAPage.test(url) || publicFile.test(url)) return undefined;
  return signInPage.test(url) ? "sign-in" : "pages";
}

/** Seconds a shed page is told to wait before it is asked for again. */
export const busyRetryAfterSeconds = 5;

export interface PageRenderLimits {
  /** Renders worked on at once in each line, in this process. */
  inFlight: number;
  /** Renders that may wait for their turn in each line. */
  waiting: number;
  /** A render that waited this long is answered busy. */
  maxWaitMs: number;
}

export function pageRenderLimits(): PageRenderLimits {
  const config = env();
  return {
    inFlight: config.PAGE_RENDERS_IN_FLIGHT,
    waiting: config.PAGE_RENDERS_WAITING,
    maxWaitMs: config.PAGE_RENDERS_MAX_WAIT_MS,
  };
}

export interface LaneActivity {
  inFlight: number;
  waiting: number;
  /** Renders answered busy since the process started. */
  shed: number;
}

export interface PageRenderGate {
  /**
   * `now`: the request goes on; `later`: it waits, and `start` is called
   * when its turn comes; `shed`: it was answered 503 here.
   */
  admit(request: IncomingMessage, response: ServerResponse, start: () => void): "now" | "later" | "shed";
  activity(): Record<RenderLane, LaneActivity>;
}

interface Waiter {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

interface Lane {
  inFlight: number;
  waiting: Waiter[];
  shed: number;
}

const activityOf = (lane: Lane): LaneActivity => ({
  inFlight: lane.inFlight,
  waiting: lane.waiting.length,
  shed: lane.shed,
});

/**
 * The line in front of the page renders, before Next.js reads anything.
 * Node shares its one thread among every render under way, so with 32 at
 * once each takes 32 times as long and the one that arrived last finishes
 * with the rest; a member signing in meanwhile waits behind all of them. The
 * gate works on `inFlight` renders at a time and starts the next in the
 * order they came: throughput stays (the renders' own waits on the database
 * and the service still overlap), a page's time is its turn plus its own
 * work, and the sign-in pages keep a line of their own that browsing does
 * not fill (docs/decisions.md, "Page renders under load"). Bounded: a full
 * line, or a wait past `maxWaitMs`, is answered busy at once.
 */
export function createPageRenderGate(limits: () => PageRenderLimits): PageRenderGate {
  const lanes: Record<RenderLane, Lane> = {
    pages: { inFlight: 0, waiting: [], shed: 0 },
    "sign-in": { inFlight: 0, waiting: [], shed: 0 },
  };

  function begin(lane: RenderLane, response: ServerResponse): void {
    const state = lanes[lane];
    state.inFlight += 1;
    // `close` follows the answer, or a client that went away before it.
    response.once("close", () => {
      state.inFlight -= 1;
      const next = state.inFlight < limits().inFlight ? state.waiting.shift() : undefined;
      if (next) {
        clearTimeout(next.timer);
        next.start();
      }
    });
  }

  return {
    admit(request, response, start) {
      const lane = renderLaneOf(request.method, request.url);
      if (!lane) return "now";
      const state = lanes[lane];
      const current = limits();
      if (state.inFlight < current.inFlight && state.waiting.length === 0) {
        begin(lane, response);
        return "now";
      }
      if (state.waiting.length >= current.waiting) {
        state.shed += 1;
        answerBusy(request, response);
        return "shed";
      }
      // Its turn comes in another render's `close`: it starts in its own async context, not that one's.
      const startInOwnContext = AsyncResource.bind(start);
      const waiter: Waiter = {
        start: () => {
          begin(lane, response);
          startInOwnContext();
        },
        timer: setTimeout(() => {
          if (!leave()) return;
          state.shed += 1;
          answerBusy(request, response);
        }, current.maxWaitMs),
      };
      const leave = () => {
        const index = state.waiting.indexOf(waiter);
        if (index < 0) return false;
        state.waiting.splice(index, 1);
        return true;
      };
      waiter.timer.unref?.();
      state.waiting.push(waiter);
      // A member who gives up while waiting leaves the line.
      response.once("close", () => {
        if (leave()) clearTimeout(waiter.timer);
      });
      return "later";
    },
    activity: () => ({ pages: activityOf(lanes.pages), "sign-in": activityOf(lanes["sign-in"]) }),
  };
}

/**
 * 503 with Retry-After: a small page in the reader's language (the switcher's
 * cookie, else the browser's languages), saying nothing changed and offering
 * to load the page again. Nothing of the request is written back.
 */
function answerBusy(request: IncomingMessage, response: ServerResponse): void {
  const locale = busyLocale(request);
  const text = busyPageText[locale];
  response.writeHead(503, {
    "Content-Type": "text/html; charset=utf-8",
    "Retry-After": String(busyRetryAfterSeconds),
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
  response.end(
    request.method === "HEAD"
      ? undefined
      : `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text.title}</title>` +
          `<main style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">` +
          `<h1>${text.title}</h1><p>${text.body}</p><p><a href="">${text.retry}</a></p></main></html>`,
  );
}

function busyLocale(request: IncomingMessage): Locale {
  // No session is read for a page turned away: the switcher's cookie, else the browser's languages.
  const acceptLanguage = request.headers["accept-language"];
  return resolveLocale({ cookie: readCookie(request.headers.cookie, languageCookie), acceptLanguage });
}

interface Holder {
  __pageRenderGate?: PageRenderGate;
}

/** This process's gate (one, whichever bundle of this module the server's hook runs). */
export function pageRenderGate(): PageRenderGate {
  return ((globalThis as Holder).__pageRenderGate ??= createPageRenderGate(pageRenderLimits));
}
