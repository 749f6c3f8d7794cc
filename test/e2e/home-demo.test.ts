import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { seriousViolations } from "../support/axe";
import { screenshot } from "../support/browser";
import { shown } from "../support/page-expectations";
import { browsingSession } from "./browsing-session";

// Each test reads the home page in a context of its own and changes nothing: they run side by side.
describe.concurrent("the guided demo on the home page, in Chromium", () => {
  const session = browsingSession();

  /** The home page, 900 px high, once its heading shows. */
  async function home(width: number): Promise<{ page: Page; requested: string[] }> {
    const opened = await session.newPage(width);
    await opened.page.goto(session.origin);
    await shown(opened.page.getByRole("heading", { level: 1, name: "Loyalty Points Partner Platform" }));
    return opened;
  }

  /** The first link of a path's first step, found by the path's heading. */
  const firstLink = (page: Page, pathHeading: string) =>
    page.getByRole("region", { name: pathHeading }).getByRole("listitem").first().getByRole("link").first();

  it.each([1280, 360])(
    "tells what this is and offers three paths with the values to type (%i px): no overflow, no serious axe violation",
    async (width) => {
      const { page, requested } = await home(width);
      for (const heading of ["Shop as a member", "Help a member as partner staff", "Build against the API"])
        await shown(page.getByRole("heading", { level: 2, name: heading }));
      const text = (await page.locator("main").textContent()) ?? "";
      for (const value of [
        "demo.shopper",
        "staff.agent",
        sandbox.password,
        "4242 4242 4242 4242",
        "4000 0000 0000 0002",
      ])
        expect(text).toContain(value);
      const hrefs = await page
        .locator("[data-demo-path] a")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs).toEqual(
        expect.arrayContaining([
          "/login?callbackUrl=%2Fshop%2FFLIGHT-LHR-MAD",
          "/shop/FLIGHT-LHR-MAD",
          "/staff/login",
          "/staff",
          "/docs",
          "/docs/guides/quickstart",
          "/developers/login",
          "/developers/signup",
        ]),
      );
      await screenshot(page, `home-demo-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      expect(session.offMachine(requested)).toEqual([]);
    },
  );

  it("leads a member to the login page, which returns to the shop", async () => {
    const { page } = await home(360);
    await firstLink(page, "Shop as a member").click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/shop/FLIGHT-LHR-MAD");
    await shown(page.getByRole("heading", { level: 1, name: "Sign in to your loyalty account" }));
    await shown(page.getByRole("button", { name: /Northstar Club/ }));
    await screenshot(page, "home-demo-member-login");
  });

  it("leads partner staff to the staff sign-in", async () => {
    const { page } = await home(360);
    const link = firstLink(page, "Help a member as partner staff");
    expect(await link.getAttribute("href")).toBe("/staff/login");
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/staff/login" && response.request().isNavigationRequest(),
    );
    await link.click();
    const response = await answered;
    await page.waitForURL((url) => url.pathname === "/staff/login");
    expect(response.status()).toBe(200);
    await shown(page.getByLabel("Username"));
    await shown(page.getByRole("button", { name: "Log in" }));
    await screenshot(page, "home-demo-staff-login");
  });

  it("leads a developer to the API reference", async () => {
    const { page } = await home(360);
    await firstLink(page, "Build against the API").click();
    await page.waitForURL((url) => url.pathname === "/docs");
    await shown(page.getByRole("navigation", { name: "Documentation" }));
    await screenshot(page, "home-demo-developer-docs");
  });
});
