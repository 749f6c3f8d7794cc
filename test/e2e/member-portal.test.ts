import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import sandbox from "@/sandbox.json";
import { launchBrowser } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { signIn, snap, startPortal, transactionRows } from "./portal-browser";

const member1 = sandbox.members.find((member) => member.username === "demo.member1")!;
const meridian = sandbox.members.find((member) => member.username === "demo.meridian")!;
const day = 86_400_000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString().slice(0, 10);

describe("the member portal in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startPortal();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await app?.stop();
  });

  async function newPage(width: number) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  it("signs demo.member1 in through Northstar's login page, shows the account and history, and logs out", async () => {
    const page = await newPage(1280);

    // A member page without a session goes to the login page, and comes back after it.
    await page.goto(`${app.origin}/account`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/account");
    await snap(page, "desktop-01-login");

    await signIn(page, { programme: /Northstar Club/, username: member1.username!, shotPrefix: "desktop-02" });
    expect(new URL(page.url()).pathname).toBe("/account");
    const balance = page.getByRole("region", { name: "Points balance" });
    await expect.poll(() => balance.textContent()).toContain("250,000");
    expect(await balance.textContent()).toContain("Active");
    expect(await balance.textContent()).toContain("Individual");
    expect(await page.locator("header").textContent()).toContain("Alex Example");
    expect(await page.locator("header").textContent()).toContain("250,000");
    await snap(page, "desktop-03-account");

    // The history: primary variant, 20 latest records, pages of 10.
    await page.getByRole("navigation", { name: "Member pages" }).getByRole("link", { name: "Transactions" }).click();
    await page.waitForURL((url) => url.pathname === "/transactions");
    let rows = await transactionRows(page);
    expect(rows).toHaveLength(10);
    expect(
      rows.some((row) => row.kind === "credit" && row.text.includes("+2,000") && row.text.includes("Credit")),
    ).toBe(true);
    expect(
      rows.some((row) => row.kind === "debit" && row.text.includes("\u22125,000") && row.text.includes("Debit")),
    ).toBe(true);
    await snap(page, "desktop-04-transactions-page-1");

    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect
      .poll(async () => (await transactionRows(page)).map((row) => row.text).join())
      .not.toEqual(rows.map((row) => row.text).join());
    const second = await transactionRows(page);
    expect(second).toHaveLength(10);
    expect(await page.getByRole("link", { name: "Next" }).count()).toBe(0);
    expect(await page.getByText("20 most recent transactions").count()).toBe(1);
    await snap(page, "desktop-05-transactions-page-2");

    await page.getByRole("link", { name: "Previous" }).click();
    await page.waitForURL((url) => url.pathname === "/transactions" && !url.searchParams.has("page"));

    // Dates: both inclusive; the debit of 40 days ago is the only entry between 45 and 35 days ago.
    await page.getByLabel("From").fill(utcDay(45));
    await page.getByLabel("To (inclusive)").fill(utcDay(40));
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("from") === utcDay(45));
    rows = await transactionRows(page);
    expect(rows).toEqual([expect.objectContaining({ kind: "debit" })]);
    expect(rows[0]!.text).toContain("\u22125,000");
    await snap(page, "desktop-06-transactions-filtered");

    await page.goto(`${app.origin}/transactions?from=${utcDay(3)}&to=${utcDay(3)}`);
    expect(await page.getByRole("status").filter({ hasText: "No transactions in these dates" }).count()).toBe(1);
    await snap(page, "desktop-07-transactions-empty");

    // Logout ends the session; a member page then sends the member to log in.
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("reason") === "signed-out");
    await snap(page, "desktop-08-logged-out");
    await page.goto(`${app.origin}/transactions`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/transactions");
  });

  it("signs demo.meridian in through the Meridian provider (secure code and secure key) and shows 40,000 points", async () => {
    const page = await newPage(1280);
    await page.goto(`${app.origin}/login`);
    await signIn(page, { programme: /Meridian Plus/, username: meridian.username!, shotPrefix: "meridian-01" });
    expect(new URL(page.url()).pathname).toBe("/account");
    await expect.poll(() => page.getByRole("region", { name: "Points balance" }).textContent()).toContain("40,000");
    expect(await page.locator("header").textContent()).toContain("Meridian Plus");
    await snap(page, "meridian-02-account");

    // The other variant: records 1–99999, 12 seeded transactions in pages of 10.
    await page.goto(`${app.origin}/transactions`);
    expect(await transactionRows(page)).toHaveLength(10);
    await snap(page, "meridian-03-transactions");
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(async () => (await transactionRows(page)).length).toBe(2);
    expect(await page.getByRole("link", { name: "Next" }).count()).toBe(0);
    await snap(page, "meridian-04-transactions-page-2");
  });

  it("explains a login the programme refused (demo.blocked), and the home page leads to the portal", async () => {
    const page = await newPage(1280);
    await page.goto(app.origin);
    await snap(page, "home-01");
    await page.getByRole("link", { name: "Sign in to the portal" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByRole("button", { name: /Northstar Club/ }).click();
    await page.waitForURL((url) => url.pathname === "/oauth/auth/login");
    await page.locator("#username").fill("demo.blocked");
    await page.locator("#password").fill(sandbox.password);
    await page.locator("button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("error") === "Refused");
    await page.getByRole("alert").filter({ hasText: "Northstar Club did not sign you in: account blocked." }).waitFor();
    await snap(page, "home-02-login-refused");
  });

  it("is usable 360 px wide", async () => {
    const page = await newPage(360);
    await page.goto(app.origin);
    await snap(page, "mobile-00-home");
    await page.goto(`${app.origin}/account`);
    await page.waitForURL((url) => url.pathname === "/login");
    await snap(page, "mobile-01-login");
    await signIn(page, { programme: /Northstar Club/, username: member1.username!, shotPrefix: "mobile-02" });
    await expect.poll(() => page.getByRole("region", { name: "Points balance" }).textContent()).toContain("250,000");
    await snap(page, "mobile-03-account");
    await page.goto(`${app.origin}/transactions`);
    expect(await transactionRows(page)).toHaveLength(10);
    await snap(page, "mobile-04-transactions");
    // Nothing wider than the screen: no sideways scrolling.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
