import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { busyPageText } from "@/lib/i18n/busy-page-text";
import {
  busyRetryAfterSeconds,
  createPageRenderGate,
  renderLaneOf,
  type PageRenderLimits,
} from "@/server/http/page-render-admission";
import { GateResponse } from "../support/gate-response";

function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const request = { method, url: path, headers } as unknown as IncomingMessage;
  return { request, response: new GateResponse() };
}

const limits = (overrides: Partial<PageRenderLimits> = {}): PageRenderLimits => ({
  inFlight: 2,
  waiting: 3,
  maxWaitMs: 1_000,
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("which requests wait in front of the page renders", () => {
  it("puts member, staff and console pages in the pages' line, RSC navigations included", () => {
    for (const path of ["/account", "/shop/FLIGHT-1?split=2", "/transactions?page=2", "/staff", "/developers", "/"]) {
      expect(renderLaneOf("GET", path), path).toBe("pages");
    }
    expect(renderLaneOf("HEAD", "/orders")).toBe("pages");
  });

  it("gives the pages on the way in a line of their own", () => {
    for (const path of [
      "/login",
      "/login?callbackUrl=%2Faccount",
      "/login/secure-code",
      "/register",
      "/oauth/auth/login?client_id=x&state=y",
      "/staff/login",
      "/developers/login",
      "/developers/signup",
    ]) {
      expect(renderLaneOf("GET", path), path).toBe("sign-in");
    }
  });

  it("lets through at once what is not a page render: the APIs the pages call back into, files, metrics, posts", () => {
    for (const path of [
      "/api/v1/members/123",
      "/api/auth/callback/northstar?code=x",
      "/oauth/token",
      "/oauth/jwks",
      "/partner-oauth/secure",
      "/payments-sandbox/v1/authorisations",
      "/_next/static/chunks/app.js",
      "/favicon.ico",
      "/robots.txt",
      "/metrics",
    ]) {
      expect(renderLaneOf("GET", path), path).toBeUndefined();
    }
    expect(renderLaneOf("POST", "/shop/FLIGHT-1")).toBeUndefined();
    expect(renderLaneOf("GET", "not-a-path")).toBeUndefined();
    // A page whose name merely begins like an API is still a page.
    expect(renderLaneOf("GET", "/loginhelp")).toBe("pages");
    expect(renderLaneOf("GET", "/metricsboard")).toBe("pages");
  });
});

describe("the gate in front of the page renders", () => {
  it("works on a few renders at once and starts the next in the order they came", () => {
    const gate = createPageRenderGate(() => limits());
    const started: number[] = [];
    const renders = Array.from({ length: 5 }, () => get("/account"));
    const decisions = renders.map((one, index) =>
      gate.admit(one.request, one.response as never, () => started.push(index)),
    );

    expect(decisions).toEqual(["now", "now", "later", "later", "later"]);
    expect(gate.activity().pages).toEqual({ inFlight: 2, waiting: 3, shed: 0 });

    renders[1]!.response.finish();
    expect(started).toEqual([2]);
    renders[0]!.response.finish();
    renders[2]!.response.finish();
    expect(started).toEqual([2, 3, 4]);
    expect(gate.activity().pages).toEqual({ inFlight: 2, waiting: 0, shed: 0 });
  });

  it("keeps the sign-in pages' line free whatever the pages' line holds", () => {
    const gate = createPageRenderGate(() => limits());
    for (let index = 0; index < 5; index++) {
      const one = get("/shop");
      gate.admit(one.request, one.response as never, () => {});
    }
    const login = get("/oauth/auth/login?client_id=portal");
    expect(gate.admit(login.request, login.response as never, () => {})).toBe("now");
    expect(gate.activity()["sign-in"]).toEqual({ inFlight: 1, waiting: 0, shed: 0 });
  });

  it("answers a render busy at once when its line is full, in the reader's language, with nothing of the request", () => {
    const gate = createPageRenderGate(() => limits({ inFlight: 1, waiting: 1 }));
    const first = get("/account");
    const second = get("/account");
    const third = get("/account?<script>alert(1)</script>", { cookie: "a=b; portal_language=it" });
    gate.admit(first.request, first.response as never, () => {});
    gate.admit(second.request, second.response as never, () => {});
    const start = vi.fn();

    expect(gate.admit(third.request, third.response as never, start)).toBe("shed");
    expect(start).not.toHaveBeenCalled();
    expect(third.response.status).toBe(503);
    expect(third.response.headers["Retry-After"]).toBe(String(busyRetryAfterSeconds));
    expect(third.response.headers["Cache-Control"]).toBe("no-store");
    expect(third.response.body).toContain(busyPageText.it.title);
    expect(third.response.body).toContain('lang="it"');
    expect(third.response.body).not.toContain("script");
    expect(gate.activity().pages).toEqual({ inFlight: 1, waiting: 1, shed: 1 });
  });

  it("answers busy a render that waited too long, in the browser's language when no switch was made", () => {
    vi.useFakeTimers();
    const gate = createPageRenderGate(() => limits({ inFlight: 1, maxWaitMs: 500 }));
    const first = get("/account");
    const waiting = get("/transactions", { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" });
    gate.admit(first.request, first.response as never, () => {});
    const start = vi.fn();
    expect(gate.admit(waiting.request, waiting.response as never, start)).toBe("later");

    vi.advanceTimersByTime(499);
    expect(waiting.response.status).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(waiting.response.status).toBe(503);
    expect(waiting.response.body).toContain(busyPageText.fr.title);

    // Its turn, when it comes, is not taken: the line moves on to nobody.
    first.response.finish();
    expect(start).not.toHaveBeenCalled();
    expect(gate.activity().pages).toEqual({ inFlight: 0, waiting: 0, shed: 1 });
  });

  it("lets a reader who gave up while waiting leave the line", () => {
    const gate = createPageRenderGate(() => limits({ inFlight: 1 }));
    const first = get("/account");
    const gone = get("/account");
    const next = get("/account");
    gate.admit(first.request, first.response as never, () => {});
    const goneStart = vi.fn();
    const nextStart = vi.fn();
    gate.admit(gone.request, gone.response as never, goneStart);
    gate.admit(next.request, next.response as never, nextStart);

    gone.response.finish();
    expect(gate.activity().pages.waiting).toBe(1);
    first.response.finish();
    expect(goneStart).not.toHaveBeenCalled();
    expect(nextStart).toHaveBeenCalledOnce();
  });

  it("answers a HEAD busy without a body", () => {
    const gate = createPageRenderGate(() => limits({ inFlight: 1, waiting: 0 }));
    const first = get("/account");
    gate.admit(first.request, first.response as never, () => {});
    const head = get("/account", {}, "HEAD");
    expect(gate.admit(head.request, head.response as never, () => {})).toBe("shed");
    expect(head.response.status).toBe(503);
    expect(head.response.body).toBeUndefined();
  });
});
