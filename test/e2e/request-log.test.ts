import { describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { seriousViolations } from "../support/axe";
import { screenshot } from "../support/browser";
import { expectOnPage, hydrated, shown } from "../support/page-expectations";
import { browsingSession } from "./browsing-session";

const apiKey = sandbox.partners[0]!.apiKeys.staging;

// Each test finds its own refused call; the log only grows, and each reads what it made: side by side.
describe.concurrent("the developer console's request log in Chromium (the Demo Partner's developer)", () => {
  const session = browsingSession();

  /** A page signed in to the developer console as the Demo Partner's seeded developer. */
  async function newPage(width: number) {
    const opened = await session.newPage(width);
    const developer = sandbox.developers[0]!;
    await opened.page.goto(`${session.origin}/developers/login`);
    await opened.page.getByLabel("Email", { exact: true }).fill(developer.email);
    await opened.page.getByLabel("Password", { exact: true }).fill(developer.password);
    await (await hydrated(opened.page.getByRole("button", { name: "Sign in" }))).click();
    await shown(opened.page.getByRole("heading", { level: 1, name: "Your sandbox" }));
    return opened;
  }

  /** A refused P1 call, as a partner's code would make it: its answer names the request id to look for. */
  async function refusedCall(identifier: string): Promise<string> {
    const response = await fetch(`${session.origin}/api/v1/programmes/${identifier}?api_key=${apiKey}`);
    expect(response.status).toBe(400);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    return requestId!;
  }

  it("finds a request made a moment before by the request id its error carried", async () => {
    const requestId = await refusedCall("NOSUCHPROGRAMME");
    const { page, requested } = await newPage(1280);
    await page.goto(`${session.origin}/developers/requests`);
    await shown(page.getByRole("heading", { level: 1, name: "Request log" }));
    await page.getByLabel("Request id", { exact: true }).fill(requestId);
    await page.getByRole("button", { name: "Find" }).click();
    await page.waitForURL((url) => url.searchParams.get("request-id") === requestId);

    const row = await shown(page.locator(`tr[data-request-id="${requestId}"]`));
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("Retrieve a programme · P1");
    expect(text).toContain("GET /api/v1/programmes/NOSUCHPROGRAMME");
    expect(text).toContain("400");
    expect(text).toContain("PROGRAMME_NOT_FOUND");
    await expectOnPage(() => page.locator("tbody tr").count()).toBe(1);
    await shown(page.getByRole("heading", { level: 2, name: `Request ${requestId}` }));
    // The key is never shown back, though every request carried it.
    expect(await page.content()).not.toContain(`api_key=${apiKey}`);
    await screenshot(page, "request-log-01-found-by-id");

    // The error code leads to its page in the error catalogue.
    await row.getByRole("link", { name: "PROGRAMME_NOT_FOUND" }).click();
    await page.waitForURL((url) => url.pathname === "/docs/api/errors/programme-not-found");
    await page.getByRole("heading", { level: 1, name: "PROGRAMME_NOT_FOUND" }).waitFor();
    expect(session.offMachine(requested)).toEqual([]);
  });

  it("filters by operation and status, and pages to older requests", async () => {
    const requestId = await refusedCall("NOSUCHFILTERED");
    // More than a page of successes, so the refused call is on an older page of the unfiltered list.
    for (let index = 0; index < 21; index++) {
      expect((await fetch(`${session.origin}/api/v1/programmes?api_key=${apiKey}`)).status).toBe(200);
    }
    const { page, requested } = await newPage(1280);
    await page.goto(`${session.origin}/developers/requests`);
    await shown(page.getByRole("heading", { level: 2, name: "All requests" }));
    await expectOnPage(() => page.locator("tbody tr").count()).toBe(20);
    await page.getByRole("link", { name: "Older requests" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await shown(page.getByRole("navigation", { name: "Request log pages" }).getByText("Page 2"));
    await screenshot(page, "request-log-02-page-2");

    await page.getByLabel("Operation", { exact: true }).selectOption("retrieve-programme");
    await page.getByLabel("Status", { exact: true }).selectOption("4xx");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("operation") === "retrieve-programme" && url.searchParams.get("status") === "4xx",
    );
    await shown(page.locator(`tr[data-request-id="${requestId}"]`));
    const statuses = await page.locator("tbody tr td:last-child span").allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => /^4\d\d$/.test(status.trim()))).toBe(true);
    expect(await page.getByLabel("Status", { exact: true }).inputValue()).toBe("4xx");
    await screenshot(page, "request-log-03-filtered");
    expect(session.offMachine(requested)).toEqual([]);
  });

  it("is usable 360 px wide: no sideways scrolling, no serious axe violation, a malformed id explained", async () => {
    const requestId = await refusedCall("NOSUCHNARROW");
    const { page, requested } = await newPage(360);
    await page.goto(`${session.origin}/developers/requests?request-id=${requestId}`);
    await shown(page.locator(`tr[data-request-id="${requestId}"]`));
    await screenshot(page, "request-log-04-360");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Request id", { exact: true }).fill("not-a-request-id");
    await page.getByRole("button", { name: "Find" }).click();
    await page.waitForURL((url) => url.searchParams.get("request-id") === "not-a-request-id");
    await shown(page.getByText("Enter a request id as the X-Request-Id header gives it", { exact: false }));
    expect(await page.getByLabel("Request id", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "request-log-05-360-malformed-id");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
    expect(session.offMachine(requested)).toEqual([]);
  });
});
