import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { screenshot } from "../support/browser";
import { expectOnPage } from "../support/page-expectations";
import { password, signIn, snap } from "./portal-browser";
import { sharedPortalRun } from "./shared-run";

const member1 = sandbox.members.find((member) => member.username === "demo.member1")!;

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Every CSP violation the page reports, from the DOM event and from the console, across navigations. */
async function watchViolations(context: BrowserContext, page: Page): Promise<() => Promise<string[]>> {
  // An init script is Playwright's, run before the page's own and outside its CSP.
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.cspViolations!.push(
        `${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  // Chromium also logs each violation: this catches those of documents left before they were read.
  const fromConsole: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      fromConsole.push(`${page.url()}: ${message.text()}`);
  });
  return async () => {
    const current = await page.evaluate(() => window.cspViolations ?? []).catch(() => []);
    return [...current.map((line) => `${page.url()}: ${line}`), ...fromConsole];
  };
}

/** Opens `path` and waits until React has hydrated it (Next.js's router is only there once the scripts ran). */
async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => Array.isArray((window as unknown as { __next_f?: unknown[] }).__next_f));
  await page.waitForLoadState("networkidle");
}

// Each test signs demo.member1 in a context of its own and changes nothing another reads: they run side by side.
describe.concurrent("the portal's security in Chromium", () => {
  const portal = sharedPortalRun();

  async function newContext(): Promise<BrowserContext> {
    const context = await portal.newContext({ viewport: { width: 1280, height: 900 } });
    // Nothing may leave for the attacker's site; if the portal sent the member there, the test sees this page.
    await context.route(
      (url) => url.hostname === "evil.example",
      (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>evil.example</h1>" }),
    );
    return context;
  }

  it("runs every portal page, signed out and signed in, without one CSP violation, and the policy blocks injected script", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const violations = await watchViolations(context, page);
    const seen: string[] = [];
    const check = async (name: string) => {
      seen.push(...(await violations()));
      await snap(page, `security-${name}`);
    };

    await openHydrated(page, portal.origin);
    await check("01-home");
    await openHydrated(page, `${portal.origin}/register`);
    // The form's own script runs: an empty form is refused in the browser, the first field focused.
    await page.getByRole("button", { name: "Register" }).click();
    await expectOnPage(() => page.evaluate(() => document.activeElement?.id)).toBe("field-membershipNumber");
    await check("02-register");
    await openHydrated(page, `${portal.origin}/register/complete`);
    await check("03-register-complete");
    await openHydrated(page, `${portal.origin}/no-such-page`);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await check("03-not-found");

    // The developer pages: the reference's home and an operation (its try-it a client component), the error
    // catalogue, a guide. No page has an exception to the nonce policy.
    for (const path of [
      "/docs",
      "/docs/reference/retrieve-programme-list",
      "/docs/api/errors",
      "/docs/guides/quickstart",
    ]) {
      await openHydrated(page, `${portal.origin}${path}`);
      await page.getByRole("heading").first().waitFor();
      await check(`03-docs-${path.slice(1).replaceAll("/", "-")}`);
    }

    await openHydrated(page, `${portal.origin}/account`);
    await page.waitForURL((url) => url.pathname === "/login");
    await check("04-login");
    await signIn(page, { programme: /Northstar Club/, username: member1.username!, shotPrefix: "security-05" });
    await expectOnPage(() => page.getByRole("region", { name: "Points balance" }).textContent()).toContain("250,000");
    await check("06-account");

    // Moving between member pages in the app (client-side navigation loads more scripts), then loading each afresh.
    const nav = page.getByRole("navigation", { name: "Member pages" });
    await nav.getByRole("link", { name: "Transactions" }).click();
    await page.waitForURL((url) => url.pathname === "/transactions");
    await page.locator("tbody tr").first().waitFor();
    await nav.getByRole("link", { name: "Profile" }).click();
    await page.waitForURL((url) => url.pathname === "/profile");
    await page.getByLabel("Email address").waitFor();
    await check("07-profile-navigated");
    for (const path of ["/account", "/transactions", "/profile"]) {
      await openHydrated(page, `${portal.origin}${path}`);
      expect(new URL(page.url()).pathname).toBe(path);
      await check(`08-${path.slice(1)}-loaded`);
    }
    // The shop (its cards' points stream in) and a product's price slider (a client component).
    await openHydrated(page, `${portal.origin}/shop`);
    await page.getByRole("heading", { name: "Shop" }).waitFor();
    await check("09-shop");
    await openHydrated(page, `${portal.origin}/shop/FLIGHT-LHR-MAD`);
    await page.getByRole("slider", { name: "Price options" }).waitFor();
    await check("10-shop-product");
    await openHydrated(page, `${portal.origin}/profile`);
    // The profile form's script runs: a malformed e-mail is refused in the browser.
    await page.getByLabel("Email address").fill("not an email");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectOnPage(() => page.getByLabel("Email address").getAttribute("aria-invalid")).toBe("true");
    seen.push(...(await violations()));
    expect(seen).toEqual([]);

    // The policy is enforced, and this test would see a violation: markup injected into the page runs no script.
    // (A <script> created by a trusted script would run: 'strict-dynamic' trusts it. An inline handler never does.)
    await page.evaluate(() => {
      const injected = document.createElement("div");
      injected.innerHTML = `<img src="/favicon.ico?injected" onload="window.injectedRan = true" onerror="window.injectedRan = true">`;
      document.body.append(injected);
    });
    await expectOnPage(async () => (await violations()).join("\n")).toContain("script-src");
    expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan)).toBeUndefined();
  });

  it("shows no portal page inside another site's frame", async ({ onTestFinished }) => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${portal.origin}/login`);
    await signIn(page, { programme: /Northstar Club/, username: member1.username!, shotPrefix: "security-frame-01" });

    const framed = ["/", "/login", "/register", "/account", "/transactions", "/profile"];
    // A control: the service's JSON, which sets no framing rule, does load in the same page.
    const control = `/api/v1/programmes?api_key=${sandbox.partners[0]!.apiKeys.staging}`;
    const frames = [...framed.map((path) => ({ name: path, path })), { name: "control", path: control }];
    // Another origin on this machine: Chromium refuses a public site's frames of localhost before any header is read.
    const attacker = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/html" });
      response.end(
        `<!doctype html><title>Attacker</title>${frames
          .map(
            ({ name, path }) =>
              `<iframe name="${name}" src="${portal.origin}${path}" width="300" height="200"></iframe>`,
          )
          .join("")}`,
      );
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    onTestFinished(() => new Promise<void>((resolve) => attacker.close(() => resolve())));
    await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    await page.waitForLoadState("load");
    const controlFrame = page.frame({ name: "control" })!;
    await expectOnPage(async () => controlFrame.url()).toBe(`${portal.origin}${control}`);
    await expectOnPage(() => controlFrame.locator("body").textContent()).toContain("NORTHSTAR");
    for (const path of framed) {
      const frame = page.frame({ name: path });
      expect(frame, path).not.toBeNull();
      // A refused frame holds Chromium's error page, never the portal's document.
      await expectOnPage(async () => frame!.url(), path).toBe("chrome-error://chromewebdata/");
      expect(await frame!.locator("main").count(), path).toBe(0);
    }
    await screenshot(page, "security-frame-02-attacker");
  });

  it("keeps a signed-in member on the portal whatever callback URL the login link or the sign-in carries", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${portal.origin}/login`);
    await signIn(page, {
      programme: /Northstar Club/,
      username: member1.username!,
      shotPrefix: "security-redirect-01",
    });

    // The login page redirects a signed-in member to the callback URL: a tab or a line break leads nowhere else.
    for (const callbackUrl of ["/%09/evil.example/", "/%0d%0a/evil.example/", "/%0a/evil.example/"]) {
      const answer = await context.request.get(`${portal.origin}/login?callbackUrl=${callbackUrl}`, {
        maxRedirects: 0,
      });
      expect(answer.status(), callbackUrl).toBe(307);
      expect(answer.headers()["location"], callbackUrl).toBe("/account");
      await page.goto(`${portal.origin}/login?callbackUrl=${callbackUrl}`);
      await expectOnPage(async () => page.url(), callbackUrl).toBe(`${portal.origin}/account`);
    }

    // next-auth keeps the callback URL of a sign-in in a cookie and follows it after the programme's login page.
    for (const callbackUrl of ["/\t/evil.example/", "/\r\n/evil.example/", "https://evil.example/"]) {
      const csrf = (await (await context.request.get(`${portal.origin}/api/auth/csrf`)).json()) as {
        csrfToken: string;
      };
      const started = await context.request.post(`${portal.origin}/api/auth/signin/loyalty`, {
        form: { csrfToken: csrf.csrfToken, callbackUrl, json: "true" },
      });
      expect(started.status()).toBe(200);
      const { url } = (await started.json()) as { url: string };
      await page.goto(url);
      await page.locator("#username").fill(member1.username!);
      await page.locator("#password").fill(password);
      await page.locator("button[type=submit]").click();
      await page.waitForURL((next) => next.origin === portal.origin && !next.pathname.startsWith("/api/auth"));
      expect(new URL(page.url()).pathname, JSON.stringify(callbackUrl)).toBe("/account");
    }
    await snap(page, "security-redirect-02-account");
  });
});
