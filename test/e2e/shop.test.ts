import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import sandbox from "@/sandbox.json";
import type { RunningApp } from "../support/start-app";
import { signIn, snap } from "./portal-browser";
import { sharedBrowser, sharedPortal } from "./shared-run";

const shopper = sandbox.members.find((member) => member.username === "demo.shopper")!;

describe("the shop in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await sharedPortal();
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await app?.stop();
  });

  it.each([1280, 360])("prices a flight and a package for demo.shopper (%i px wide)", async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();

    await page.goto(`${app.origin}/shop`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/shop");
    await snap(page, `shop-${width}-00-login`);
    await signIn(page, { programme: /Northstar Club/, username: shopper.username!, shotPrefix: `shop-${width}-01` });
    expect(new URL(page.url()).pathname).toBe("/shop");
    const flightLink = page.getByRole("link", { name: /London Heathrow to Madrid, economy/ });
    await flightLink.waitFor();
    await snap(page, `shop-${width}-02-list`);

    await flightLink.click();
    await page.waitForURL((url) => url.pathname === "/shop/FLIGHT-LHR-MAD");
    const options = page.getByRole("radiogroup", { name: "Price options" });
    await options.waitFor();
    const radios = options.getByRole("radio");
    await expect.poll(() => radios.count()).toBeGreaterThan(1);
    const states = await radios.evaluateAll((inputs) =>
      inputs.map((input) => ({
        checked: (input as HTMLInputElement).checked,
        disabled: (input as HTMLInputElement).disabled,
      })),
    );
    expect(states.some((state) => state.checked)).toBe(false);
    // The service adjusts a single product to the balance; anything still above it must be disabled.
    const labels = await radios.evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? ""),
    );
    const balance = shopper.balance;
    labels.forEach((label, index) => {
      const points = Number(/^([\d,]+) points/.exec(label)?.[1]?.replace(/,/g, "") ?? "0");
      expect(states[index]!.disabled, label).toBe(points > balance);
    });
    expect(labels.at(-1)).toContain("Pay all in cash: £180.00");
    expect(await page.getByText("1 adult").count()).toBeGreaterThan(0);
    await snap(page, `shop-${width}-03-flight`);

    // Points are opt-in: choosing one shows the way on, to the checkout of the quote.
    await radios.first().check();
    const proceed = page.getByRole("button", { name: "Continue to payment" });
    await proceed.waitFor();
    await proceed.click();
    await page.waitForURL((url) => url.pathname === "/shop/FLIGHT-LHR-MAD/checkout");
    await page.getByRole("heading", { name: "Confirm and pay" }).waitFor();
    await snap(page, `shop-${width}-04-checkout`);

    await page.goto(`${app.origin}/shop/PACKAGE-MAD-CITY-BREAK`);
    const packageOptions = page.getByRole("radiogroup", { name: "Price options" });
    await packageOptions.waitFor();
    await expect.poll(() => packageOptions.getByRole("radio").count()).toBeGreaterThan(1);
    await page.getByRole("heading", { name: "In this package" }).waitFor();
    expect(await packageOptions.getByRole("radio", { checked: true }).count()).toBe(0);
    await snap(page, `shop-${width}-05-package`);

    // No loading boundary sits above the product page, so the missing product is a real 404.
    const missing = await page.goto(`${app.origin}/shop/NO-SUCH-PRODUCT`);
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { name: "We can't find that product" }).waitFor();
    await snap(page, `shop-${width}-06-not-found`);
  });
});
