import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { allViolations, seriousViolations } from "../support/axe";
import { screenshot, screenshotDir } from "../support/browser";
import { expectNoOverflow, expectOnPage, hydrated, shown } from "../support/page-expectations";
import { browsingSession } from "./browsing-session";
import { authorizationRequest, completeSandboxSignUp, debitRequestInit } from "./developer-browser";

const demoApiKey = sandbox.partners[0]!.apiKeys.staging;
const callbackPath = "/my-app/loyalty/callback";
const hourMs = 3_600_000;

interface Developer {
  page: Page;
  apiKey: string;
  clientId: string;
  clientSecret: string;
  member: string;
  username: string;
}

/** Whether an ISO time is within two minutes of `expected` (the test's own time passes too). */
const near = (iso: string | null, expected: number) =>
  iso !== null && Math.abs(Date.parse(iso) - expected) < 2 * 60_000;

describe("a developer sandbox's clock in Chromium", () => {
  const session = browsingSession();

  async function openSettings(page: Page) {
    await page.goto(`${session.origin}/developers/settings`);
    await shown(page.getByRole("heading", { level: 1, name: "Settings" }));
  }

  async function signUp(width: number): Promise<Developer> {
    const { page } = await session.newPage(width, 900, { bypassCSP: true });
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(`${session.origin}/developers/signup`);
    const { apiKey, clientId, clientSecret } = await completeSandboxSignUp(
      page,
      `clock-${Date.now()}-${width}@example.test`,
    );
    await page.getByRole("link", { name: "Open your console" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Your sandbox" }));
    await page.goto(`${session.origin}/developers/members`);
    await shown(page.getByRole("heading", { level: 1, name: "Members" }));
    const memberCard = page.locator("li[data-membership-number]", { hasText: ".member1" });
    const member = (await (await shown(memberCard)).getAttribute("data-membership-number"))!;
    const username = ((await memberCard.locator("dd.font-mono").nth(1).textContent()) ?? "").trim();
    // The clock, the keys and the redirect URIs are in Settings: the developer's page stays there.
    await openSettings(page);
    return { page, apiKey, clientId, clientSecret, member, username };
  }

  const basic = (developer: Developer) =>
    `Basic ${Buffer.from(`${encodeURIComponent(developer.clientId)}:${encodeURIComponent(developer.clientSecret)}`).toString("base64")}`;

  async function grant(developer: Developer, body: Record<string, string>) {
    const answer = await fetch(`${session.origin}/oauth/api/grant`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basic(developer) },
      body: new URLSearchParams(body),
    });
    const json = (await answer.json()) as { access_token?: string; refresh_token?: string };
    expect(answer.status, JSON.stringify(json)).toBe(200);
    return { ...json, sandboxTime: answer.headers.get("x-sandbox-time") };
  }

  /** A1 in the member's browser to the developer's own redirect URI, then A2 with its own client. */
  async function memberTokens(developer: Developer) {
    const redirectUri = `${session.origin}${callbackPath}`;
    await (await hydrated(developer.page.getByLabel("Redirect URI 1", { exact: true }))).fill(redirectUri);
    await (await hydrated(developer.page.getByRole("button", { name: "Save redirect URIs" }).first())).click();
    await shown(developer.page.getByText("Saved. Logins now accept exactly these addresses."));
    const { url: authorize, verifier } = authorizationRequest(session.origin, {
      clientId: developer.clientId,
      redirectUri,
      scope: "read reverse_transaction",
    });
    const { page: memberPage } = await session.newPage(1280);
    await memberPage.goto(authorize);
    await memberPage.locator("#username").fill(developer.username);
    await memberPage.locator("#password").fill(sandbox.password);
    await memberPage.locator("button[type=submit]").click();
    await memberPage.waitForURL((url) => url.pathname === callbackPath);
    const code = new URL(memberPage.url()).searchParams.get("code")!;
    return grant(developer, {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
  }

  async function call(developer: Developer | { apiKey: string }, path: string, init: RequestInit = {}) {
    const response = await fetch(
      `${session.origin}${path}${path.includes("?") ? "&" : "?"}api_key=${developer.apiKey}`,
      init,
    );
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      sandboxTime: response.headers.get("x-sandbox-time"),
      requestId: response.headers.get("x-request-id"),
    };
  }

  const debit = (developer: Developer, token: string, identifier: string) =>
    call(
      developer,
      `/api/v1/programmes/NORTHSTAR/accounts/${developer.member}/debit-transaction-requests`,
      debitRequestInit(token, { points: 1000, description: "CLOCKTEST", identifier }),
    );

  const reverse = (developer: Developer, token: string, debitId: string, identifier: string) =>
    call(developer, `/api/v1/programmes/NORTHSTAR/accounts/${developer.member}/reverse-transaction-requests`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        reversalTransaction: {
          externalTransactionIdentifier: identifier,
          description: "CARD-DECLINED",
          type: "CANCELLATION",
          reversedTransaction: { identifier: debitId },
        },
      }),
    });

  const clockPanel = (page: Page) => page.getByTestId("sandbox-clock");
  /** The whole page, and the clock's panel alone (the part to look at). */
  async function shootClock(page: Page, name: string) {
    await screenshot(page, name);
    await clockPanel(page).screenshot({ path: path.join(screenshotDir, `${name}-panel.png`) });
  }
  const shownSandboxTime = async (page: Page) =>
    (await clockPanel(page).locator("[data-sandbox-time]").getAttribute("data-sandbox-time")) ?? "";

  it("moves one developer's clock 25 hours: the reversal window has passed, P3 and the console show the moved dates, nobody else's clock moved", async () => {
    const one = await signUp(1280);
    const two = await signUp(360);
    const { page } = one;

    // The built-in receiver takes every event type, points.debit_settled included.
    await page.goto(`${session.origin}/developers/events`);
    await shown(page.getByRole("heading", { level: 1, name: "Webhooks" }));
    await (await hydrated(page.getByRole("button", { name: "Add the built-in receiver" }))).click();
    await shown(page.locator("li[data-endpoint-url*='/developers/receiver/']"));
    await openSettings(page);

    // Real time at first: no header, the console says so.
    const tokens = await memberTokens(one);
    expect(tokens.sandboxTime).toBeNull();
    const first = await debit(one, tokens.access_token!, "CLOCK-0001");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.sandboxTime).toBeNull();
    const debitId = (first.body.debitTransaction as { identifier: string }).identifier;
    await shown(clockPanel(page).getByText("Real time.", { exact: true }));

    // Move the clock 25 hours in the console.
    await page.getByLabel("Move forward by").fill("25");
    await page.getByLabel("Unit").selectOption("hours");
    await (await hydrated(page.getByRole("button", { name: "Move forward" }))).click();
    await shown(clockPanel(page).getByText("Moved forward 25 hours."));
    await shown(clockPanel(page).getByText("1 day 1 hour ahead of real time."));
    await expectOnPage(async () => near(await shownSandboxTime(page), Date.now() + 25 * hourMs)).toBe(true);
    await expectNoOverflow(page);
    expect(await allViolations(page, '[data-testid="sandbox-clock"]')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await clockPanel(page).scrollIntoViewIfNeeded();
    await shootClock(page, "sandbox-clock-1280-moved");

    // The member's hour-long token has expired on the moved clock; its refresh token (30 days) still works.
    const stale = await reverse(one, tokens.access_token!, debitId, "CLOCK-0001-REV");
    expect(stale.status, JSON.stringify(stale.body)).toBe(401);
    const renewed = await grant(one, { grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    expect(near(renewed.sandboxTime, Date.now() + 25 * hourMs)).toBe(true);
    const refused = await reverse(one, renewed.access_token!, debitId, "CLOCK-0001-REV");
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("REVERSAL_NO_LONGER_PERMITTED");
    expect(near(refused.sandboxTime, Date.now() + 25 * hourMs)).toBe(true);
    // The console's home ticks the go-live row for it: refused on a moved clock, not forced by a scenario.
    await page.goto(`${session.origin}/developers`);
    await shown(page.getByRole("heading", { level: 1, name: "Your sandbox" }));
    const refusedRow = page.locator('[data-checklist-item="reversal-refused"]');
    await expectOnPage(async () => {
      await page.reload();
      return refusedRow.getAttribute("data-ticked");
    }).toBe("true");
    await shown(refusedRow.getByText("Reversal refused: the window had passed"));
    await shown(refusedRow.getByRole("link", { name: refused.requestId! }));
    // The move passed the debit's reversal window: it became final, and the built-in receiver got that, verified.
    await page.goto(`${session.origin}/developers/events`);
    const settled = page.locator("li[data-event-id]", { hasText: "points.debit_settled" });
    await expectOnPage(async () => {
      await page.reload();
      return settled.locator("[data-delivery-state='delivered']").count();
    }).toBe(1);
    const settledId = (await settled.getAttribute("data-event-id"))!;
    await expectOnPage(() =>
      page.locator(`li[data-receipt-id="${settledId}"] [data-signature]`).getAttribute("data-signature"),
    ).toBe("valid");
    await expect(page.locator(`li[data-receipt-id="${settledId}"]`).textContent()).resolves.toContain(debitId);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "sandbox-clock-1280-debit-settled");
    await openSettings(page);

    // A debit now is dated on the moved clock, and P3 lists it on the moved day.
    const later = await debit(one, renewed.access_token!, "CLOCK-0002");
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    const movedDay = later.sandboxTime!.slice(0, 10);
    const laterId = (later.body.debitTransaction as { identifier: string }).identifier;
    const listed = await call(one, `/api/v1/programmes/NORTHSTAR/accounts/${one.member}/transactions`, {
      headers: {
        Authorization: `Bearer ${renewed.access_token!}`,
        svc_client_applicationName: sandbox.svcClientApplicationName,
      },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const entries = (
      listed.body.transaction as { debitTransaction?: { identifier: string; dateMade: string } }[]
    ).flatMap((entry) => (entry.debitTransaction ? [entry.debitTransaction] : []));
    expect(entries.find((entry) => entry.identifier === laterId)?.dateMade).toBe(movedDay);
    expect(entries.find((entry) => entry.identifier === debitId)?.dateMade).toBe(new Date().toISOString().slice(0, 10));
    // The console shows the moved day too.
    await page.reload();
    expect((await shownSandboxTime(page)).slice(0, 10)).toBe(movedDay);

    // The other developer's clock has not moved: its console, its API answers.
    await two.page.reload();
    await shown(clockPanel(two.page).getByText("Real time.", { exact: true }));
    expect(near(await shownSandboxTime(two.page), Date.now())).toBe(true);
    await expectNoOverflow(two.page);
    expect(await allViolations(two.page, '[data-testid="sandbox-clock"]')).toEqual([]);
    await clockPanel(two.page).scrollIntoViewIfNeeded();
    await shootClock(two.page, "sandbox-clock-360-real-time");
    const twoCall = await call(two, "/api/v1/programmes");
    expect(twoCall.status).toBe(200);
    expect(twoCall.sandboxTime).toBeNull();

    // Nor has the Demo Partner's: its key answers on real time, its console cannot move it.
    const demoCall = await call({ apiKey: demoApiKey }, "/api/v1/programmes");
    expect(demoCall.status).toBe(200);
    expect(demoCall.sandboxTime).toBeNull();
    const { page: demoPage } = await session.newPage(360, 900, { bypassCSP: true });
    const developer = sandbox.developers[0]!;
    await demoPage.goto(`${session.origin}/developers/login`);
    await demoPage.getByLabel("Email", { exact: true }).fill(developer.email);
    await demoPage.getByLabel("Password", { exact: true }).fill(developer.password);
    await (await hydrated(demoPage.getByRole("button", { name: "Sign in" }))).click();
    await shown(demoPage.getByRole("heading", { level: 1, name: "Your sandbox" }));
    await openSettings(demoPage);
    await shown(clockPanel(demoPage).getByText("Real time.", { exact: true }));
    expect(near(await shownSandboxTime(demoPage), Date.now())).toBe(true);
    expect(await clockPanel(demoPage).getByRole("button", { name: "Move forward" }).count()).toBe(0);

    // The moved clock at 360 px, then back to real time through the reset.
    await page.setViewportSize({ width: 360, height: 900 });
    await page.reload();
    await shown(clockPanel(page).getByText("1 day 1 hour ahead of real time."));
    await expectNoOverflow(page);
    expect(await allViolations(page, '[data-testid="sandbox-clock"]')).toEqual([]);
    await clockPanel(page).scrollIntoViewIfNeeded();
    await shootClock(page, "sandbox-clock-360-moved");
    await page.setViewportSize({ width: 1280, height: 900 });
    await (await hydrated(clockPanel(page).getByRole("button", { name: "Back to real time" }))).click();
    await shown(clockPanel(page).getByText("Real time.", { exact: true }));
    expect(near(await shownSandboxTime(page), Date.now())).toBe(true);
    await shootClock(page, "sandbox-clock-1280-back-to-real-time");
  }, 240_000);
});
