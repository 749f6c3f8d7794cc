import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { submitLogin } from "../support/login-form";
import type { RunningApp } from "../support/start-app";
import { snap, startPortal } from "./portal-browser";
import { sharedBrowser } from "./shared-run";

const oauthClient = sandbox.partners[0]!.oauthClient!;
// demo.member1 already has an online login (CUSTOMER_ALREADY_EXISTS); 3081000000000003 has none, postcode SW1A1AA.
const alreadyRegistered = "3081000000000001";
const notYetRegistered = "3081000000000003";

async function fillRegistration(page: Page, membershipNumber: string, postcode: string): Promise<void> {
  await page.getByLabel("Membership number").fill(membershipNumber);
  await page.getByLabel("Country of residence").selectOption("GB");
  await page.getByLabel("Postcode").fill(postcode);
  await page.getByLabel("Username").fill("limit.tester");
  await page.getByLabel("Password", { exact: true }).fill("Tester#2026");
  await page.getByLabel("First security question").selectOption("1");
  await page.getByLabel("First answer").fill("Rex");
  await page.getByLabel("Second security question").selectOption("5");
  await page.getByLabel("Second answer").fill("Mini");
}

describe("the portal's public forms under a tight rate limit, in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startPortal({
      PORTAL_SIGN_IN_LIMIT: "1",
      PORTAL_SIGN_IN_WINDOW_SECONDS: "600",
      PORTAL_REGISTER_LIMIT: "1",
      PORTAL_REGISTER_WINDOW_SECONDS: "3600",
    });
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await app?.stop();
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  it("refuses a second registration in the window with a clear message, however right its details", async () => {
    const page = await newPage();
    await page.goto(`${app.origin}/register`);
    await fillRegistration(page, alreadyRegistered, "SW1A 1AA");
    await page.getByRole("button", { name: "Register" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "We could not register you" });
    await expect.poll(() => alert.textContent()).toContain("already registered for online access");

    // A membership that could register: the limit answers before the service is asked.
    await page.getByLabel("Membership number").fill(notYetRegistered);
    await page.getByRole("button", { name: "Register" }).click();
    await expect
      .poll(() => alert.textContent())
      .toMatch(/Too many registrations were sent from your network\. Please try again in (1 minute|\d+ minutes)\./);
    expect(new URL(page.url()).pathname).toBe("/register");
    await snap(page, "rate-limit-01-register-refused");
    // Nothing reached the service: the login the refused registration asked for does not exist.
    const query = new URLSearchParams({ client_id: oauthClient.clientId, response_type: "code", state: "probe" });
    const login = await submitLogin(
      `${app.origin}/oauth/auth/login?${query.toString()}`,
      "limit.tester",
      "Tester#2026",
    );
    expect(login.location).toBeNull();
    expect(login.html).toContain('id="login-message"');

    // Another tab of the same network, 360 px wide: the same refusal, readable at that width.
    const narrow = await newPage(360);
    await narrow.goto(`${app.origin}/register`);
    await fillRegistration(narrow, notYetRegistered, "SW1A 1AA");
    await narrow.getByRole("button", { name: "Register" }).click();
    await expect
      .poll(() => narrow.getByRole("alert").filter({ hasText: "We could not register you" }).textContent())
      .toContain("Too many registrations");
    await snap(narrow, "rate-limit-02-register-refused-360");
  });

  it("sends a client that starts too many sign-ins back to the login page, which says how long to wait", async () => {
    const page = await newPage();
    await page.goto(`${app.origin}/login?callbackUrl=%2Ftransactions`);
    await page.getByRole("button", { name: /Northstar Club/ }).click();
    await page.waitForURL((url) => url.pathname === "/oauth/auth/login");

    await page.goto(`${app.origin}/login?callbackUrl=%2Ftransactions`);
    await page.getByRole("button", { name: /Northstar Club/ }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("error") === "RateLimited");
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/transactions");
    await page
      .getByRole("alert")
      .filter({
        hasText: /^Too many sign-ins were started from your network\. Please try again in (1 minute|\d+ minutes)\.$/,
      })
      .waitFor();
    // The buttons work again once the page is shown (the refused attempt left nothing half-started).
    expect(await page.getByRole("button", { name: /Meridian Plus/ }).isEnabled()).toBe(true);
    await snap(page, "rate-limit-03-sign-in-refused");
  });
});
