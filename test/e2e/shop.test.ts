import { describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { expectOnPage, hydrated } from "../support/page-expectations";
import { moveSliderTo, priceSlider, sliderStop } from "./checkout-browser";
import { signIn, snap } from "./portal-browser";
import { sharedPortalRun } from "./shared-run";

const shopper = sandbox.members.find((member) => member.username === "demo.shopper")!;

// Both widths sign demo.shopper in, each in a context of its own, and only read prices: side by side.
describe.concurrent("the shop in Chromium", () => {
  const portal = sharedPortalRun();

  it("prefetches a page only once the member reaches for its link", async () => {
    const context = await portal.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const prefetched: string[] = [];
    page.on("request", (request) => {
      if (request.headers()["next-router-prefetch"]) prefetched.push(new URL(request.url()).pathname);
    });
    const prefetchOf = (pathname: string) =>
      page.waitForRequest(
        (request) => !!request.headers()["next-router-prefetch"] && new URL(request.url()).pathname === pathname,
      );

    await page.goto(`${portal.origin}/shop`);
    await page.waitForURL((url) => url.pathname === "/login");
    await signIn(page, { programme: /Northstar Club/, username: shopper.username!, shotPrefix: "shop-intent-01" });
    // The header's, the navigation's and the products' links in view, hydrated, the network quiet: none prefetched.
    const flightLink = await hydrated(page.getByRole("link", { name: /London Heathrow to Madrid, economy/ }));
    await page.waitForLoadState("networkidle");
    expect(prefetched).toEqual([]);

    // The pointer over a card prefetches its product; the keyboard's focus on a tab prefetches that page.
    const flightPrefetched = prefetchOf("/shop/FLIGHT-LHR-MAD");
    await flightLink.hover();
    await flightPrefetched;
    const ordersPrefetched = prefetchOf("/orders");
    await page.getByRole("navigation").getByRole("link", { name: "Orders" }).focus();
    await ordersPrefetched;
    expect(new Set(prefetched)).toEqual(new Set(["/shop/FLIGHT-LHR-MAD", "/orders"]));

    await flightLink.click();
    await page.waitForURL((url) => url.pathname === "/shop/FLIGHT-LHR-MAD");
    await hydrated(priceSlider(page));
  });

  it.each([1280, 360])("prices a flight and a package for demo.shopper (%i px wide)", async (width) => {
    const context = await portal.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();

    await page.goto(`${portal.origin}/shop`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/shop");
    await snap(page, `shop-${width}-00-login`);
    await signIn(page, { programme: /Northstar Club/, username: shopper.username!, shotPrefix: `shop-${width}-01` });
    expect(new URL(page.url()).pathname).toBe("/shop");
    const flightLink = page.getByRole("link", { name: /London Heathrow to Madrid, economy/ });
    await flightLink.waitFor();
    // Each card names the fewest points it can cost this member (the flight's 10 %: 1,800 of its £180).
    await expectOnPage(() => flightLink.textContent()).toContain("from 1,800 points");
    await snap(page, `shop-${width}-02-list`);

    await flightLink.click();
    await page.waitForURL((url) => url.pathname === "/shop/FLIGHT-LHR-MAD");
    const slider = await hydrated(priceSlider(page));
    const form = page.locator("form").filter({ has: slider });
    // Every stop, from all cash up (Home, then one stop at a time until the slider stops moving).
    await slider.focus();
    await page.keyboard.press("Home");
    const stops = [await sliderStop(page)];
    for (let presses = 0; presses < 10; presses++) {
      await page.keyboard.press("ArrowRight");
      const stop = await sliderStop(page);
      if (stop === stops.at(-1)) break;
      stops.push(stop);
    }
    expect(stops.length).toBeGreaterThan(1);
    expect(stops[0]).toBe("£180.00 by card, no points");
    // The service adjusts a single product to the balance: every stop is one the slider can rest on.
    const balance = shopper.balance;
    for (const stop of stops) {
      const points = Number(/^([\d,]+) points/.exec(stop)?.[1]?.replace(/,/g, "") ?? "0");
      expect(points, stop).toBeLessThanOrEqual(balance);
    }
    expect(await form.textContent()).not.toContain("you need");
    expect(await page.getByText("1 adult").count()).toBeGreaterThan(0);
    // Back to the suggested stop for the picture: a reload starts there again.
    await page.reload();
    await hydrated(priceSlider(page));
    expect(await sliderStop(page)).toMatch(/^[\d,]+ points \+ £[\d,.]+ by card$/);
    await expectOnPage(() => form.textContent()).toMatch(/Balance after: [\d,]+ points/);
    await snap(page, `shop-${width}-03-flight`);

    // A stop is chosen from the start; the way on leads to the checkout of the quote.
    await moveSliderTo(page, stops[1]!);
    const proceed = page.getByRole("button", { name: "Continue to payment" });
    await proceed.click();
    await page.waitForURL((url) => url.pathname === "/shop/FLIGHT-LHR-MAD/checkout");
    await page.getByRole("heading", { name: "Confirm and pay" }).waitFor();
    await snap(page, `shop-${width}-04-checkout`);

    await page.goto(`${portal.origin}/shop/PACKAGE-MAD-CITY-BREAK`);
    await hydrated(priceSlider(page));
    expect(Number(await priceSlider(page).getAttribute("max"))).toBeGreaterThan(1);
    await page.getByRole("heading", { name: "In this package" }).waitFor();
    await snap(page, `shop-${width}-05-package`);

    // No loading boundary sits above the product page, so the missing product is a real 404.
    const missing = await page.goto(`${portal.origin}/shop/NO-SUCH-PRODUCT`);
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { name: "We can't find that product" }).waitFor();
    await snap(page, `shop-${width}-06-not-found`);
  });
});
