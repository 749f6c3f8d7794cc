import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { allViolations } from "../support/axe";
import { screenshot } from "../support/browser";
import { expectNoOverflow, expectOnPage, hydrated, shown } from "../support/page-expectations";
import { browsingSession } from "./browsing-session";

/** Every page of the console a signed-in developer reaches from its navigation, and the report. */
const consolePages = [
  { path: "/developers", heading: "Your sandbox", name: "checklist" },
  { path: "/developers/requests", heading: "Request log", name: "requests" },
  { path: "/developers/events", heading: "Webhooks", name: "webhooks" },
  { path: "/developers/members", heading: "Members", name: "members" },
  { path: "/developers/settings", heading: "Settings", name: "settings" },
  { path: "/developers/report", heading: "Integration report", name: "report" },
] as const;

describe("the developer console's pages in Chromium", () => {
  const session = browsingSession();
  const { newPage } = session;

  async function signUp(page: Page): Promise<string> {
    await page.goto(`${session.origin}/developers/signup`);
    await page.getByLabel("Email", { exact: true }).fill(`console-pages-${Date.now()}@example.test`);
    await page.getByLabel("Password", { exact: true }).fill("a long sandbox password");
    await (await hydrated(page.getByRole("button", { name: "Create my sandbox" }))).click();
    await shown(page.getByRole("heading", { name: "Your sandbox is ready" }));
    const apiKey = ((await page.locator('[data-credential="api-key"]').textContent()) ?? "").trim();
    await page.getByRole("link", { name: "Open your console" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Your sandbox" }));
    return apiKey;
  }

  it("ticks the rate-limit row from the developer's own requests, names the request in the report, and every page reads at 1280 and 360 px with no axe violation", async () => {
    const { page } = await newPage(1280);
    const apiKey = await signUp(page);
    await shown(page.locator("[data-checklist-progress]", { hasText: "0 of 12 done" }));
    // An unticked row says how: its guide.
    await shown(page.locator('[data-checklist-item="rate-limit"]').getByRole("link", { name: /^How:/ }));

    // A 429 forced by the scenario header, then the next request after its Retry-After.
    const limited = await fetch(`${session.origin}/api/v1/programmes?api_key=${apiKey}`, {
      headers: { "X-Sandbox-Scenario": "USAGE_RATE_EXCEEDED" },
    });
    expect(limited.status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, Number(limited.headers.get("retry-after")) * 1000 + 100));
    const next = await fetch(`${session.origin}/api/v1/programmes?api_key=${apiKey}`);
    expect(next.status).toBe(200);
    const requestId = next.headers.get("x-request-id")!;

    await expectOnPage(async () => {
      await page.reload();
      return page.locator('[data-checklist-item="rate-limit"]').getAttribute("data-ticked");
    }).toBe("true");
    const row = page.locator('[data-checklist-item="rate-limit"]');
    await shown(row.getByRole("link", { name: requestId }));
    await shown(page.locator("[data-checklist-progress]", { hasText: "1 of 12 done" }));

    // The report, as JSON, names the request that ticked the row.
    const download = await page.request.get(`${session.origin}/developers/report.json`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="go-live-report-dev/);
    const report = (await download.json()) as {
      ticked: number;
      items: { id: string; ticked: boolean; evidence?: { requestId?: string; operation?: string } }[];
    };
    expect(report.ticked).toBe(1);
    expect(report.items.find((item) => item.id === "rate-limit")?.evidence).toMatchObject({
      requestId,
      operation: "List programmes · P1",
    });

    // Every page, from the one navigation, wide and narrow.
    const narrow = await newPage(360);
    await narrow.page.context().addCookies(await page.context().cookies());
    for (const view of [page, narrow.page]) {
      const width = view.viewportSize()!.width;
      for (const consolePage of consolePages) {
        await view.goto(`${session.origin}${consolePage.path}`);
        await shown(view.getByRole("heading", { level: 1, name: consolePage.heading }));
        if (consolePage.path !== "/developers/report") {
          const current = view.getByRole("navigation", { name: "Developer console" }).locator('[aria-current="page"]');
          await expectOnPage(() => current.count()).toBe(1);
        }
        await expectNoOverflow(view);
        await screenshot(view, `console-${consolePage.name}-${width}`);
        expect(await allViolations(view), `${consolePage.path} at ${width} px`).toEqual([]);
      }
    }
  }, 240_000);

  it("the docs: the navigation fits on one line at 1280 px, the error catalogue filters, the Testing time guide reads", async () => {
    const { page } = await newPage(1280);
    await page.goto(`${session.origin}/docs/guides/testing-time`);
    await shown(page.getByRole("heading", { level: 1, name: "Testing time" }));
    const tops = await page
      .getByRole("navigation", { name: "Documentation" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size, `nav rows at ${tops.join(", ")}`).toBe(1);
    await screenshot(page, "docs-testing-time-1280");
    expect(await allViolations(page)).toEqual([]);

    await page.goto(`${session.origin}/docs/api/errors`);
    const count = page.locator("[data-catalogue-count]");
    const all = (await (await shown(count)).textContent()) ?? "";
    await (await hydrated(page.getByLabel("Filter by word"))).fill("reversal");
    await expectOnPage(() => count.textContent()).toMatch(/^\d+ of \d+ codes match\.$/);
    await shown(page.getByRole("link", { name: "REVERSAL_NO_LONGER_PERMITTED" }));
    expect(all).toMatch(/^\d+ codes\.$/);
    await screenshot(page, "docs-error-filter-1280");
    expect(await allViolations(page)).toEqual([]);

    const narrow = await newPage(360);
    for (const path of ["/docs/guides/testing-time", "/docs/api/errors", "/docs"]) {
      await narrow.page.goto(`${session.origin}${path}`);
      await expectNoOverflow(narrow.page);
      await screenshot(narrow.page, `docs-${path.split("/").pop()}-360`);
      expect(await allViolations(narrow.page), path).toEqual([]);
    }
  }, 120_000);
});
