import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { awaitWindowWithRoom } from "../support/rate-limit-window";
import { startApp, type RunningApp } from "../support/start-app";

const apiKey = sandbox.partners[0]!.apiKeys.staging;
const oauthClient = sandbox.partners[0]!.oauthClient!;
const portalPages = ["/", "/login", "/register", "/register/complete", "/account", "/transactions", "/profile"];
const signInLimit = 3;
const signInWindowSeconds = 600;

/** The nonce of a Content-Security-Policy, or undefined. */
const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

/** Text of the login page's alert (role=alert), tags removed. */
const alertOf = (html: string) =>
  /<(p|div) role="alert"[^>]*>([\s\S]*?)<\/\1>/
    .exec(html)?.[2]
    ?.replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'");

/** The markup a reader sees: Next.js's scripts (which also carry the request's URL for the router) removed. */
const visible = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, "");

/** Every callbackUrl the page hands to its sign-in buttons (props in the RSC payload). */
const callbackProps = (html: string) =>
  [...html.matchAll(/\\?"callbackUrl\\?":\\?"((?:[^"\\]|\\[^"])*)\\?"/g)].map((match) => match[1]);

describe("the portal's hardening over HTTP", () => {
  let app: RunningApp;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${app.origin}${path}`, { redirect: "manual", headers });

  beforeAll(async () => {
    // The test stands for a proxy on this machine: X-Forwarded-For counts only from a trusted peer.
    app = await startApp({
      PORTAL_SIGN_IN_LIMIT: String(signInLimit),
      PORTAL_SIGN_IN_WINDOW_SECONDS: String(signInWindowSeconds),
      TRUSTED_PROXIES: "127.0.0.1, ::1",
    });
  });

  afterAll(async () => {
    await app?.stop();
  });

  describe("security headers", () => {
    it("serves every portal page (and the redirects to /login) unframeable, with a fresh nonce its own scripts carry", async () => {
      const nonces = new Set<string>();
      for (const path of portalPages) {
        const answer = await get(path);
        const policy = answer.headers.get("content-security-policy");
        expect(answer.headers.get("x-frame-options"), path).toBe("DENY");
        expect(policy, path).toContain("frame-ancestors 'none'");
        expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'(;|$)/);
        expect(policy, path).not.toMatch(/unsafe-(inline|eval)/);
        expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
        expect(answer.headers.get("referrer-policy"), path).toBe("same-origin");
        expect(answer.headers.get("permissions-policy"), path).toContain("camera=()");
        // Plain HTTP: no HSTS, and no upgrading of this origin's own requests.
        expect(answer.headers.get("strict-transport-security"), path).toBeNull();
        expect(policy, path).not.toContain("upgrade-insecure-requests");
        const nonce = nonceOf(policy)!;
        nonces.add(nonce);

        if (["/account", "/transactions", "/profile"].includes(path)) {
          expect(answer.status, path).toBe(307);
          continue;
        }
        const html = await answer.text();
        expect(answer.status, path).toBe(200);
        const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
        expect(scripts.length, path).toBeGreaterThan(0);
        for (const script of scripts) expect(script, path).toContain(`nonce="${nonce}"`);
      }
      expect(nonces.size).toBe(portalPages.length);
    });

    it("adds HSTS only when the page is served over https", async () => {
      const answer = await get("/login", { "X-Forwarded-Proto": "https" });
      expect(answer.headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      expect(answer.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    });

    it("leaves the service's routes their own headers", async () => {
      const login = await get(
        `/oauth/auth/login?${new URLSearchParams({ client_id: oauthClient.clientId, response_type: "code", state: "s1" })}`,
      );
      expect(login.status).toBe(200);
      expect(login.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src /);
      expect(login.headers.get("referrer-policy")).toBe("no-referrer");
      expect(login.headers.get("permissions-policy")).toBeNull();

      const partnerLogin = await get("/partner-oauth/secure/code");
      expect(partnerLogin.headers.get("content-security-policy") ?? "").not.toContain("nonce-");

      const api = await get(`/api/v1/programmes?api_key=${apiKey}`);
      expect(api.status).toBe(200);
      expect(api.headers.get("content-security-policy")).toBeNull();
      expect(api.headers.get("x-frame-options")).toBeNull();

      const providers = await get("/api/auth/providers");
      expect(providers.status).toBe(200);
      expect(providers.headers.get("content-security-policy")).toBeNull();
    });
  });

  describe("the login page", () => {
    it("never carries a callback URL with a tab or a line break, and answers such a link without an error", async () => {
      for (const callbackUrl of ["/%09/evil.example/", "/%0d%0a/evil.example/", "/%0d%0aSet-Cookie:%20x=1"]) {
        const answer = await get(`/login?callbackUrl=${callbackUrl}`);
        expect(answer.status, callbackUrl).toBe(200);
        const html = await answer.text();
        expect(visible(html), callbackUrl).not.toMatch(/evil\.example|Set-Cookie/);
        expect(callbackProps(html), callbackUrl).toEqual(["/account"]);
      }
    });

    it("says a refused sign-in in the portal's words and shows nothing of the callback's free text", async () => {
      const callback = await get(
        `/api/auth/callback/loyalty?${new URLSearchParams({ error: "x", error_description: "call 0800 123 456 now" })}`,
      );
      expect(callback.status).toBe(302);
      const location = callback.headers.get("location")!;
      expect(location).not.toMatch(/0800|call/);
      const page = await (await get(location)).text();
      expect(alertOf(page)).toBe(
        "Northstar Club did not sign you in. Please check your account or try another programme.",
      );
      expect(visible(page)).not.toContain("0800");

      const blocked = await get(
        `/api/auth/callback/meridian?${new URLSearchParams({ error: "REQUEST_UNAUTHORIZED", error_description: "UNAUTHORIZED: account blocked" })}`,
      );
      expect(alertOf(await (await get(blocked.headers.get("location")!)).text())).toBe(
        "Meridian Plus did not sign you in: your account is blocked. Please contact Meridian Plus.",
      );

      // A hand-written link to the login page fares no better.
      const crafted = await (
        await get(`/login?error=Refused&provider=loyalty&detail=call%200800%20123&refusal=call%200800`)
      ).text();
      expect(visible(crafted)).not.toContain("0800");
      expect(alertOf(crafted)).toBe(
        "Northstar Club did not sign you in. Please check your account or try another programme.",
      );
    });
  });

  describe("the sign-in start's rate limit", () => {
    /** next-auth's client: the CSRF token and its cookie, then the POST that starts the sign-in. */
    async function startSignIn(address: string) {
      const headers = { "X-Forwarded-For": address };
      const csrf = await get("/api/auth/csrf", headers);
      const cookie = csrf.headers
        .getSetCookie()
        .map((value) => value.split(";")[0])
        .join("; ");
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      return fetch(`${app.origin}/api/auth/signin/loyalty`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, callbackUrl: "/transactions?page=2", json: "true" }),
      });
    }

    it("lets a client start the configured number of sign-ins, then answers 429 with Retry-After and the login page", async () => {
      // Every sign-in below and the login page's reading of the counter in one window (they take seconds at most
      // even on a busy machine): one that ended meanwhile would count from zero again.
      await awaitWindowWithRoom(signInWindowSeconds, 30_000);
      const address = "198.51.100.20";
      for (let attempt = 1; attempt <= signInLimit; attempt++) {
        const answer = await startSignIn(address);
        expect(answer.status).toBe(200);
        const { url } = (await answer.json()) as { url: string };
        expect(new URL(url).pathname).toBe("/oauth/auth/login");
      }
      const refused = await startSignIn(address);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(signInWindowSeconds);
      const { url } = (await refused.json()) as { url: string };
      const login = new URL(url);
      expect(`${login.origin}${login.pathname}`).toBe(`${app.origin}/login`);
      expect(Object.fromEntries(login.searchParams)).toEqual({
        error: "RateLimited",
        callbackUrl: "/transactions?page=2",
      });

      // The login page reads the wait from the counter, for this client only.
      const page = await (await get(`${login.pathname}${login.search}`, { "X-Forwarded-For": address })).text();
      expect(alertOf(page)).toMatch(
        /^Too many sign-ins were started from your network\. Please try again in (1 minute|\d+ minutes)\.$/,
      );
      const elsewhere = await (
        await get(`${login.pathname}${login.search}`, { "X-Forwarded-For": "198.51.100.21" })
      ).text();
      expect(alertOf(elsewhere)).toBe("Too many sign-ins were started from your network. You can try again now.");

      // Another client is counted apart.
      expect((await startSignIn("198.51.100.21")).status).toBe(200);
    }, 90_000);
  });
});
