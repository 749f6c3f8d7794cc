import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { codePagePath, documentedCodes } from "@/lib/docs/errors/catalogue";
import { seriousViolations } from "../support/axe";
import { screenshot } from "../support/browser";
import { expectNoOverflow, expectOnPage, hydrated, shown } from "../support/page-expectations";
import { browsingSession } from "./browsing-session";
import { authorizationRequest, completeSandboxSignUp } from "./developer-browser";

const demoApiKey = sandbox.partners[0]!.apiKeys.staging;
/** Where the developer's app takes the login's answer (the sandbox's own origin, so Chromium stays on this machine). */
const callbackPath = "/my-app/loyalty/callback";

/** CSP refusals the page reported in its console. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * Every page and route handler of the app as a path, a dynamic segment
 * filled from `values` (by its name) and route groups left out: the App
 * Router's pages and routes, and the partner API's Pages Router routes
 * (pages/api, a file per route, `index` for its folder's own path).
 */
function appPaths(values: Record<string, string>): string[] {
  const paths: string[] = [];
  const segment = (name: string) => {
    if (!name.startsWith("[")) return name;
    const value = values[name.replace(/^\[+(\.\.\.)?|\]+$/g, "")];
    if (value === undefined) throw new Error(`no value for the segment ${name}`);
    return value;
  };
  const walk = (folder: string, segments: string[], pagesRouter: boolean) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) {
        walk(full, name.startsWith("(") ? segments : [...segments, segment(name)], pagesRouter);
      } else if (!pagesRouter && (name === "page.tsx" || name === "route.ts")) {
        paths.push(`/${segments.join("/")}`);
      } else if (pagesRouter && name.endsWith(".ts")) {
        const stem = name.slice(0, -".ts".length);
        paths.push(`/${(stem === "index" ? segments : [...segments, segment(stem)]).join("/")}`);
      }
    }
  };
  walk(path.resolve("app"), [], false);
  walk(path.resolve("pages"), [], true);
  return [...new Set(paths)];
}

/** Every page of the API reference, as its index at /docs links them. */
async function referencePages(origin: string): Promise<string[]> {
  const index = await (await fetch(`${origin}/docs`)).text();
  const pages = [...index.matchAll(/href="(\/docs\/reference\/[^"#?]+)"/g)].map((match) => match[1]!);
  expect(pages.length).toBeGreaterThan(10);
  return [...new Set(pages)];
}

/** A membership number of the sandbox's kind: a persona's (3081…) or a developer sandbox's copy (39…). */
const membershipNumberPattern = /(?<!\d)(?:3081|39)\d{12}(?!\d)/g;

/** Numbers written in the docs' own source (e.g. ACCOUNT_INVALID's recipe: a number no account has). */
function numbersInSource(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") || name.endsWith(".tsx"))
    .flatMap((name) => readFileSync(path.join(folder, name), "utf8").match(membershipNumberPattern) ?? []);
}

/** The membership numbers anyone may know: the personas sandbox.json publishes, and the docs' own examples. */
const publishedNumbers = new Set([
  ...sandbox.members.map((member) => member.membershipNumber),
  ...numbersInSource(path.resolve("lib/docs")),
]);

// Two developers of their own side by side; the second compares its console with the first's only at its end, once
// the first has made what it compares with (firstMade).
describe.concurrent("the developer console in Chromium", () => {
  const session = browsingSession();
  const { newPage } = session;
  /** What the first developer made: the second must find none of it in its own console. */
  const first = { member: "", keyPrefix: "", clientId: "", requestIds: [] as string[] };
  let settleFirst: (failure?: Error) => void = () => undefined;
  /** Resolved once `first` is filled in; rejected when the first test ends without getting that far. */
  const firstMade = new Promise<void>((resolve, reject) => {
    settleFirst = (failure) => (failure ? reject(failure) : resolve());
  });
  // Awaited by the second test; a rejection nobody awaits yet must not count as unhandled.
  firstMade.catch(() => undefined);

  it("a new developer signs up, completes the quickstart with its own keys alone, finds only its requests, and resets", async ({
    onTestFinished,
  }) => {
    // After a resolve this does nothing; otherwise the second test learns that nothing will come.
    onTestFinished(() => settleFirst(new Error("the first developer's test ended before its sandbox was made")));
    const email = `dev-${Date.now()}@example.test`;
    const { page, requested } = await newPage(1280);
    const csp = cspViolations(page);
    page.on("dialog", (dialog) => void dialog.accept());

    await page.goto(`${session.origin}/developers`);
    await shown(page.getByRole("heading", { level: 1, name: "A sandbox of your own" }));
    await page.getByRole("link", { name: "Sign up" }).first().click();
    await shown(page.getByRole("heading", { level: 1, name: "Get a sandbox of your own" }));
    const { apiKey, clientId, clientSecret } = await completeSandboxSignUp(page, email);
    expect(apiKey).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(apiKey).not.toBe(demoApiKey);
    expect(clientId).not.toBe(sandbox.partners[0]!.oauthClient!.clientId);
    await screenshot(page, "developer-console-01-signed-up");

    await page.getByRole("link", { name: "Open your console" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Your sandbox" }));
    await shown(page.locator("[data-checklist-progress]", { hasText: "0 of 12 done" }));
    await page.getByRole("navigation", { name: "Developer console" }).getByRole("link", { name: "Members" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Members" }));
    const memberCard = page.locator("li[data-membership-number]", { hasText: ".member1" });
    const membershipNumber = (await shown(memberCard)).getAttribute("data-membership-number");
    const member = (await membershipNumber)!;
    const username = ((await memberCard.locator("dd.font-mono").nth(1).textContent()) ?? "").trim();
    expect(member).not.toBe("3081000000000001");
    expect(username).toMatch(/^[a-z0-9]+\.member1$/);
    await expectOnPage(() => memberCard.locator("[data-balance]").textContent()).toContain("250,000");
    await screenshot(page, "developer-console-02-console");
    const redirectUri = `${session.origin}${callbackPath}`;
    await page.getByRole("navigation", { name: "Developer console" }).getByRole("link", { name: "Settings" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Settings" }));
    await (await hydrated(page.getByLabel("Redirect URI 1", { exact: true }))).fill(redirectUri);
    await (await hydrated(page.getByRole("button", { name: "Save redirect URIs" }).first())).click();
    await shown(page.getByText("Saved. Logins now accept exactly these addresses."));

    // The quickstart with this developer's key, client and member only.
    const demoCall = await fetch(`${session.origin}/api/v1/programmes?api_key=${demoApiKey}`);
    const demoRequestId = demoCall.headers.get("x-request-id")!;
    const requestIds: string[] = [];
    const call = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(`${session.origin}${url}${url.includes("?") ? "&" : "?"}api_key=${apiKey}`, init);
      requestIds.push(response.headers.get("x-request-id")!);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect((await call("/api/v1/programmes")).status).toBe(200);
    // A1: the member logs in on the programme's page in its own browser, for this developer's client (PKCE).
    const { url: authorize, verifier } = authorizationRequest(session.origin, {
      clientId,
      redirectUri,
      scope: "read reverse_transaction",
    });
    const { page: memberPage, requested: memberRequested } = await newPage(1280);
    await memberPage.goto(authorize);
    await memberPage.locator("#username").fill(username);
    await memberPage.locator("#password").fill(sandbox.password);
    await memberPage.locator("button[type=submit]").click();
    await memberPage.waitForURL((url) => url.pathname === callbackPath);
    const code = new URL(memberPage.url()).searchParams.get("code");
    expect(code).toBeTruthy();
    expect(session.offMachine(memberRequested)).toEqual([]);
    // A2: the developer's server exchanges the code with its own client.
    const grant = await fetch(`${session.origin}/oauth/api/grant`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`,
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: code!,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    });
    const tokens = (await grant.json()) as { access_token?: string; scope?: string };
    expect(grant.status, JSON.stringify(tokens)).toBe(200);
    const token = tokens.access_token!;
    const auth = { Authorization: `Bearer ${token}` };
    const balance = await call(`/api/v2/programmes/NORTHSTAR/accounts/${member}?fields=Balance`, { headers: auth });
    expect(balance.status).toBe(200);
    expect(JSON.stringify(balance.body)).toContain("250000");
    const debitBody = (identifier: string, amount: string) =>
      JSON.stringify({
        debitTransaction: {
          externalTransactionDate: "2026-11-20T10:00:00.0+00:00",
          monetaryAmount: { amount, currency: { currencyCode: "POINTS" } },
          description: "QUICKSTART",
          externalTransactionIdentifier: identifier,
          externalReferenceDescription: "Quickstart debit",
          externalPartnerIdentifier: "WEB",
          type: "REDEMPTION",
        },
      });
    const accountPath = `/api/v1/programmes/NORTHSTAR/accounts/${member}`;
    const json = { ...auth, "Content-Type": "application/json" };
    const debit = await call(`${accountPath}/debit-transaction-requests`, {
      method: "POST",
      headers: { ...json, svc_client_application_name: sandbox.svcClientApplicationName },
      body: debitBody("QUICKSTART-0001", "1000"),
    });
    expect(debit.status, JSON.stringify(debit.body)).toBe(201);
    const debitId = (debit.body.debitTransaction as { identifier: string } | undefined)?.identifier ?? "";
    expect(JSON.stringify(debit.body)).toContain(debitId);
    const reversal = await call(`${accountPath}/reverse-transaction-requests`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        reversalTransaction: {
          externalTransactionIdentifier: "QUICKSTART-0001-REV",
          description: "CARD-DECLINED",
          type: "CANCELLATION",
          reversedTransaction: { identifier: debitId },
        },
      }),
    });
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(201);

    // The console's request log: these requests, and not the Demo Partner's.
    await page.getByRole("link", { name: "Requests", exact: true }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Request log" }));
    for (const requestId of requestIds) {
      await expectOnPage(async () => {
        await page.reload();
        return page.locator(`tr[data-request-id="${requestId}"]`).count();
      }).toBe(1);
    }
    expect(await page.locator(`tr[data-request-id="${demoRequestId}"]`).count()).toBe(0);
    // Exactly these requests, and the member's login (A1) and token (A2) they began with: nothing of any other partner's.
    const listed = await page
      .locator("tr[data-request-id]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-request-id")));
    const authRows = page.locator("tr[data-request-id]", { hasText: /Member login · A1|Get a token · A2/ });
    const authIds = await authRows.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-request-id")));
    expect(await authRows.filter({ hasText: "Member login · A1" }).count()).toBeGreaterThanOrEqual(1);
    expect(await authRows.filter({ hasText: "Get a token · A2" }).count()).toBeGreaterThanOrEqual(1);
    expect(listed.filter((id) => !authIds.includes(id)).sort()).toEqual([...requestIds].sort());
    const debitRow = page.locator(`tr[data-request-id="${requestIds[2]}"]`);
    await (await hydrated(debitRow.getByText("Bodies and curl"))).click();
    const bodies = (await debitRow.textContent()) ?? "";
    expect(bodies).toContain("QUICKSTART-0001");
    expect(bodies).toContain("$API_KEY");
    expect(bodies).not.toContain(apiKey);
    expect(bodies).not.toContain(token);
    await screenshot(page, "developer-console-03-request-log");
    expect(await page.content()).not.toContain(demoRequestId);

    // Reset puts the member's balance back after a debit.
    const spent = await call(`${accountPath}/debit-transaction-requests`, {
      method: "POST",
      headers: { ...json, svc_client_application_name: sandbox.svcClientApplicationName },
      body: debitBody("QUICKSTART-0002", "5000"),
    });
    expect(spent.status).toBe(201);
    await page.goto(`${session.origin}/developers/members`);
    await expectOnPage(() => memberCard.locator("[data-balance]").textContent()).toContain("245,000");
    await page.goto(`${session.origin}/developers/settings`);
    await (await hydrated(page.getByRole("button", { name: "Reset my sandbox members" }))).click();
    await shown(page.getByText("Your sandbox members are back to their seeded state"));
    await page.goto(`${session.origin}/developers/members`);
    await expectOnPage(() => memberCard.locator("[data-balance]").textContent()).toContain("250,000");
    // The reset revoked the member's tokens.
    expect(
      (await call(`/api/v2/programmes/NORTHSTAR/accounts/${member}?fields=Balance`, { headers: auth })).status,
    ).toBe(401);

    // Rolling the api_key: the old key stops, the new one works, and its last use shows.
    await page.goto(`${session.origin}/developers/settings`);
    const keyCard = page.locator("li[data-key-prefix]");
    await expectOnPage(() => keyCard.locator("[data-last-used]").textContent()).not.toBe("Never");
    await (await hydrated(keyCard.getByRole("button", { name: "Roll this key" }))).click();
    const rolled = (
      (await (await shown(keyCard.locator('[data-credential="new-secret"]'))).textContent()) ?? ""
    ).trim();
    expect(rolled).toMatch(/^[A-Za-z0-9]{24}$/);
    expect((await fetch(`${session.origin}/api/v1/programmes?api_key=${apiKey}`)).status).toBe(401);
    expect((await fetch(`${session.origin}/api/v1/programmes?api_key=${rolled}`)).status).toBe(200);
    await screenshot(page, "developer-console-04-rolled");

    expect(csp).toEqual([]);
    expect(session.offMachine(requested)).toEqual([]);
    Object.assign(first, { member, keyPrefix: rolled.slice(0, 8), clientId, requestIds });
    settleFirst();

    // Nobody without a sign-in finds any of this: every page and route of the app, each error code's page and
    // the old log page, anonymously; where a path takes a membership number, this developer's member's.
    const paths = [
      ...appPaths({
        version: "v1",
        path: "anything",
        nextauth: "session",
        membershipIdentifier: member,
        accountIdentifier: member,
        membershipNumber: member,
        programmeIdentifier: "NORTHSTAR",
        productId: "x",
        orderId: "x",
        code: "request-invalid",
        partner: "DEMOPARTNER01",
        authorisationId: "x",
        chargeId: "x",
        token: "x",
        // An operation's and an event's reference page; every other one the reference links is added below.
        slug: "debit-currency",
      }),
      ...(await referencePages(session.origin)),
      ...documentedCodes.map((entry) => codePagePath(entry.code)),
      "/docs/requests",
      "/api/v2/programmes/NORTHSTAR/accounts/" + member,
      "/api/v3/memberships/" + member,
      "/api/auth/providers",
      "/api/auth/csrf",
    ];
    for (const required of [
      "/developers/requests",
      "/developers",
      "/api/v1/partner/requests",
      "/docs/guides/sandbox-data",
    ])
      expect(paths).toContain(required);
    expect(publishedNumbers.has(member)).toBe(false);
    const seenNumbers = new Set<string>();
    for (const pagePath of paths) {
      const response = await fetch(`${session.origin}${pagePath}`);
      const text = await response.text();
      expect(response.status, pagePath).toBeLessThan(500);
      for (const number of text.match(membershipNumberPattern) ?? []) {
        seenNumbers.add(number);
        expect(publishedNumbers.has(number), `${pagePath} shows ${number}`).toBe(true);
      }
      for (const requestId of [...requestIds, demoRequestId]) expect(text, pagePath).not.toContain(requestId);
    }
    // The sweep read the published personas where the docs show them: the pattern finds what it looks for.
    expect(seenNumbers.size).toBeGreaterThan(0);
    const old = await fetch(`${session.origin}/docs/requests`, { redirect: "manual" });
    expect(old.status).toBe(308);
    expect(old.headers.get("location")).toContain("/developers/requests");
    // Without a session the log page sends the browser to the sign-in (streamed pages redirect in the document).
    const log = await fetch(`${session.origin}/developers/requests`, { redirect: "manual" });
    const logText = await log.text();
    expect(`${log.headers.get("location") ?? ""} ${logText}`).toContain("/developers/login");
    expect(logText).not.toContain("All requests");
    const { page: anonymous } = await newPage(1280);
    await anonymous.goto(`${session.origin}/developers/requests`);
    await anonymous.waitForURL((url) => url.pathname === "/developers/login");
    await shown(anonymous.getByRole("heading", { level: 1, name: "Sign in" }));
  });

  it("is usable 360 px wide and axe-clean: landing, sign-up, sign-in, console and request log", async () => {
    const { page } = await newPage(360);
    const csp = cspViolations(page);
    for (const [pagePath, heading] of [
      ["/developers", "A sandbox of your own"],
      ["/developers/signup", "Get a sandbox of your own"],
      ["/developers/login", "Sign in"],
    ] as const) {
      await page.goto(`${session.origin}${pagePath}`);
      await shown(page.getByRole("heading", { level: 1, name: heading }));
      await expectNoOverflow(page);
      expect(await seriousViolations(page), pagePath).toEqual([]);
      await screenshot(page, `developer-console-360${pagePath.replaceAll("/", "-")}`);
    }
    // A refused sign-in is told in words; the seeded account then signs in.
    const developer = sandbox.developers[0]!;
    await page.getByLabel("Email", { exact: true }).fill(developer.email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await (await hydrated(page.getByRole("button", { name: "Sign in" }))).click();
    await shown(page.getByRole("alert").getByText("The email or password is incorrect."));
    await page.getByLabel("Password", { exact: true }).fill(developer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Your sandbox" }));
    await expectNoOverflow(page);
    expect(await seriousViolations(page), "/developers").toEqual([]);
    await screenshot(page, "developer-console-360-console-demo");
    await page.goto(`${session.origin}/developers/requests`);
    await shown(page.getByRole("heading", { level: 1, name: "Request log" }));
    await expectNoOverflow(page);
    expect(await seriousViolations(page), "/developers/requests").toEqual([]);
    await screenshot(page, "developer-console-360-requests");
    await page.getByRole("button", { name: /Sign out/ }).click();
    await shown(page.getByText("You have signed out of the developer console."));

    // A sandbox of one's own, with its forms, at 360 px too.
    await page.goto(`${session.origin}/developers/signup`);
    await page.getByLabel("Email", { exact: true }).fill(`narrow-${Date.now()}@example.test`);
    await page.getByLabel("Password", { exact: true }).fill("a long sandbox password");
    await (await hydrated(page.getByRole("button", { name: "Create my sandbox" }))).click();
    await shown(page.getByRole("heading", { name: "Your sandbox is ready" }));
    await expectNoOverflow(page);
    expect(await seriousViolations(page), "signed up").toEqual([]);
    await screenshot(page, "developer-console-360-signed-up");
    await page.getByRole("link", { name: "Open your console" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Your sandbox" }));
    await page.goto(`${session.origin}/developers/settings`);
    await shown(page.getByRole("button", { name: "Reset my sandbox members" }));
    await expectNoOverflow(page);
    expect(await seriousViolations(page), "own console").toEqual([]);
    await screenshot(page, "developer-console-360-own-console");

    // A second developer: none of the first one's members, key or client in its console, none of its requests in its log.
    await firstMade;
    expect(first.member).not.toBe("");
    for (const consolePath of ["/developers", "/developers/settings", "/developers/members"]) {
      await page.goto(`${session.origin}${consolePath}`);
      await shown(page.getByRole("heading", { level: 1 }));
      const consoleHtml = await page.content();
      for (const value of [first.member, first.keyPrefix, first.clientId]) expect(consoleHtml).not.toContain(value);
    }
    expect(await page.locator("li[data-membership-number]").count()).toBe(sandbox.members.length);
    await page.goto(`${session.origin}/developers/requests`);
    await shown(page.getByRole("heading", { level: 1, name: "Request log" }));
    expect(await page.locator("tr[data-request-id]").count()).toBe(0);
    await page.goto(`${session.origin}/developers/requests?request-id=${first.requestIds[0]}`);
    await shown(page.getByText("No request with this id"));
    expect(await page.content()).not.toContain(first.member);
    expect(csp).toEqual([]);
  });
});
