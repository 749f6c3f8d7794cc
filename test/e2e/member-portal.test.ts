import { describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { expectAbsent, expectOnPage, hydrated, shown } from "../support/page-expectations";
import { signIn, snap, transactionPageLabel, transactionRows } from "./portal-browser";
import { sharedPortalRun } from "./shared-run";

const member1 = sandbox.members.find((member) => member.username === "demo.member1")!;
const meridian = sandbox.members.find((member) => member.username === "demo.meridian")!;
const day = 86_400_000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString().slice(0, 10);

// Each test signs in a context of its own (logging out ends only that session) and only reads: side by side.
describe.concurrent("the member portal in Chromium", () => {
  const portal = sharedPortalRun();

  async function newPage(width: number) {
    const context = await portal.newContext({ viewport: { width, height: 900 } });
    return context.newPage();
  }

  it("signs demo.member1 in through Northstar's login page, shows the account and history, and logs out", async () => {
    const page = await newPage(1280);

    // A member page without a session goes to the login page, and comes back after it.
    await page.goto(`${portal.origin}/account`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/account");
    await snap(page, "desktop-01-login");

    await signIn(page, { programme: /Northstar Club/, username: member1.username!, shotPrefix: "desktop-02" });
    expect(new URL(page.url()).pathname).toBe("/account");
    const balance = page.getByRole("region", { name: "Points balance" });
    await expectOnPage(() => balance.textContent()).toContain("250,000");
    await expectOnPage(() => balance.textContent()).toContain("Active");
    await expectOnPage(() => balance.textContent()).toContain("Individual");
    await expectOnPage(() => page.locator("header").textContent()).toContain("Alex Example");
    await expectOnPage(() => page.locator("header").textContent()).toContain("250,000");
    await snap(page, "desktop-03-account");

    // The history: primary variant, 20 latest records, pages of 10.
    await page.getByRole("navigation", { name: "Member pages" }).getByRole("link", { name: "Transactions" }).click();
    await page.waitForURL((url) => url.pathname === "/transactions");
    await shown(transactionPageLabel(page, 1));
    await expectOnPage(async () => (await transactionRows(page)).length).toBe(10);
    const rows = await transactionRows(page);
    expect(
      rows.some((row) => row.kind === "credit" && row.text.includes("+2,000") && row.text.includes("Credit")),
    ).toBe(true);
    expect(
      rows.some((row) => row.kind === "debit" && row.text.includes("\u22125,000") && row.text.includes("Debit")),
    ).toBe(true);
    await snap(page, "desktop-04-transactions-page-1");

    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await shown(transactionPageLabel(page, 2));
    await expectOnPage(async () => (await transactionRows(page)).map((row) => row.text).join()).not.toEqual(
      rows.map((row) => row.text).join(),
    );
    await expectOnPage(async () => (await transactionRows(page)).length).toBe(10);
    await expectAbsent(page.getByRole("link", { name: "Next" }), { once: transactionPageLabel(page, 2) });
    await shown(page.getByText("20 most recent transactions"));
    await snap(page, "desktop-05-transactions-page-2");

    await page.getByRole("link", { name: "Previous" }).click();
    await page.waitForURL((url) => url.pathname === "/transactions" && !url.searchParams.has("page"));
    // The dates are typed into page 1's form, not into page 2's on its way out.
    await shown(transactionPageLabel(page, 1));

    // Dates: both inclusive; the debit of 40 days ago is the only entry between 45 and 35 days ago.
    const [from, to] = [utcDay(45), utcDay(40)];
    await page.getByLabel("From").fill(from);
    await page.getByLabel("To (inclusive)").fill(to);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("from") === from);
    await expectOnPage(() => transactionRows(page)).toEqual([
      { kind: "debit", text: expect.stringContaining("\u22125,000") },
    ]);
    await snap(page, "desktop-06-transactions-filtered");

    // Four days ago: no seeded entry that day (they are 2 and 6 days old), nor the day after, as they are when the
    // run's template was seeded before midnight UTC and this test runs after it.
    const emptyDay = utcDay(4);
    await page.goto(`${portal.origin}/transactions?from=${emptyDay}&to=${emptyDay}`);
    const empty = page.getByRole("status").filter({ hasText: "No transactions in these dates" });
    await expectAbsent(page.locator("tbody tr"), { once: empty });
    expect(await empty.count()).toBe(1);
    await snap(page, "desktop-07-transactions-empty");

    // Where the member is: of how many pages, the 20-record limit said on page 1 too.
    await page.goto(`${portal.origin}/transactions`);
    await shown(page.getByRole("navigation", { name: "Transaction pages" }).getByText("Page 1 of 2", { exact: true }));
    await shown(page.getByText("20 most recent transactions"));
    // A page beyond the programme's range is said to be none, not shown as page 2.
    await page.goto(`${portal.origin}/transactions?page=99`);
    await shown(page.getByRole("heading", { name: "There is no page 99" }));
    await expectAbsent(page.locator("tbody tr"), { once: page.getByRole("heading", { name: "There is no page 99" }) });
    // A day that does not read is answered with one written as the member writes it.
    await page.goto(`${portal.origin}/transactions?from=2026-02-30`);
    await shown(page.getByText("From must be a date, such as 31/01/2026."));
    // A day written day first is read as the day it names.
    await page.goto(`${portal.origin}/transactions?from=${from.split("-").reverse().join("/")}&to=${to}`);
    await expectOnPage(() => transactionRows(page)).toEqual([
      { kind: "debit", text: expect.stringContaining("\u22125,000") },
    ]);

    // Logout ends the session; a member page then sends the member to log in.
    await (await hydrated(page.getByRole("button", { name: "Log out" }))).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("reason") === "signed-out");
    await snap(page, "desktop-08-logged-out");
    await page.goto(`${portal.origin}/transactions`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/transactions");
  });

  it("signs demo.meridian in through the Meridian provider (secure code and secure key) and shows 40,000 points", async () => {
    const page = await newPage(1280);
    await page.goto(`${portal.origin}/login`);
    await signIn(page, { programme: /Meridian Plus/, username: meridian.username!, shotPrefix: "meridian-01" });
    expect(new URL(page.url()).pathname).toBe("/account");
    await expectOnPage(() => page.getByRole("region", { name: "Points balance" }).textContent()).toContain("40,000");
    await expectOnPage(() => page.locator("header").textContent()).toContain("Meridian Plus");
    await snap(page, "meridian-02-account");

    // The other variant: records 1–99999, 12 seeded transactions in pages of 10.
    await page.goto(`${portal.origin}/transactions`);
    await expectOnPage(async () => (await transactionRows(page)).length).toBe(10);
    // The page read two pages' worth ahead in its one call: it knows there are two.
    await shown(page.getByRole("navigation", { name: "Transaction pages" }).getByText("Page 1 of 2", { exact: true }));
    await snap(page, "meridian-03-transactions");
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await shown(transactionPageLabel(page, 2));
    await expectOnPage(async () => (await transactionRows(page)).length).toBe(2);
    await expectAbsent(page.getByRole("link", { name: "Next" }), { once: transactionPageLabel(page, 2) });
    await snap(page, "meridian-04-transactions-page-2");
  });

  it("explains a login the programme refused (demo.blocked), and the home page leads to the portal", async () => {
    const page = await newPage(1280);
    await page.goto(portal.origin);
    await snap(page, "home-01");
    await page.getByRole("link", { name: "Sign in to the shop" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await (await hydrated(page.getByRole("button", { name: /Northstar Club/ }))).click();
    await page.waitForURL((url) => url.pathname === "/oauth/auth/login");
    await page.locator("#username").fill("demo.blocked");
    await page.locator("#password").fill(sandbox.password);
    await page.locator("button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("error") === "Refused");
    await shown(
      page.getByRole("alert").filter({ hasText: "Northstar Club did not sign you in: your account is blocked." }),
    );
    await snap(page, "home-02-login-refused");
  });

  it("is usable 360 px wide", async () => {
    const page = await newPage(360);
    await page.goto(portal.origin);
    await snap(page, "mobile-00-home");
    await page.goto(`${portal.origin}/account`);
    await page.waitForURL((url) => url.pathname === "/login");
    await snap(page, "mobile-01-login");
    await signIn(page, { programme: /Northstar Club/, username: member1.username!, shotPrefix: "mobile-02" });
    await expectOnPage(() => page.getByRole("region", { name: "Points balance" }).textContent()).toContain("250,000");
    await snap(page, "mobile-03-account");
    await page.goto(`${portal.origin}/transactions`);
    await expectOnPage(async () => (await transactionRows(page)).length).toBe(10);
    await snap(page, "mobile-04-transactions");
    // Nothing wider than the screen: no sideways scrolling.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
