import type { Page } from "playwright-core";
import { expectOnPage, hydrated, shown } from "../support/page-expectations";

/** One request the page sent to the portal's own server (not to the payments sandbox it also serves). */
export interface PortalRequest {
  method: string;
  url: string;
  body: string;
}

/**
 * Records every request the page sends to the portal's origin other than
 * /payments-sandbox (where the browser tokenises the card), with its body,
 * so a test can show the card number never reached the portal's server.
 */
export function recordPortalRequests(page: Page, origin: string): PortalRequest[] {
  const seen: PortalRequest[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || url.pathname.startsWith("/payments-sandbox")) return;
    seen.push({ method: request.method(), url: request.url(), body: request.postData() ?? "" });
  });
  return seen;
}

/** The card number in any form it could travel: digits, grouped, or with its digits split by anything. */
export function carriesCardNumber(requests: PortalRequest[], number: string): PortalRequest[] {
  const spread = new RegExp(number.split("").join("\\D{0,3}"));
  return requests.filter((request) => spread.test(decodeURIComponent(request.url)) || spread.test(request.body));
}

/** The balance as P2 answers it, read on the account page. */
export async function accountBalance(page: Page, origin: string): Promise<number> {
  await page.goto(`${origin}/account`);
  const value = await shown(page.getByRole("region", { name: "Points balance" }).locator("data"));
  return Number(await value.getAttribute("value"));
}

/** The header's balance as the member reads it ("51,000"), without reloading the page. */
export async function expectHeaderBalance(page: Page, balance: number): Promise<void> {
  await expectOnPage(() => page.locator("header").textContent()).toContain(
    `${new Intl.NumberFormat("en-GB").format(balance)} points`,
  );
}

export interface CheckoutChoice {
  /** The stop's accessible text, e.g. "9,000 points + £90.00 by card" or "£180.00 by card, no points". */
  option: string;
  productId: string;
}

/** The product page's split control. */
export function priceSlider(page: Page) {
  return page.getByRole("slider", { name: "Price options" });
}

/** The stop the slider rests on, as a screen reader announces it. */
export async function sliderStop(page: Page): Promise<string> {
  return (await priceSlider(page).getAttribute("aria-valuetext")) ?? "";
}

/** Moves the slider to the stop named `stop` with its keys: Home (all cash), then one stop at a time. */
export async function moveSliderTo(page: Page, stop: string): Promise<void> {
  const slider = await hydrated(priceSlider(page));
  await slider.focus();
  await page.keyboard.press("Home");
  const passed: string[] = [];
  for (let presses = 0; presses < 12; presses++) {
    const current = await sliderStop(page);
    if (current === stop) return;
    passed.push(current);
    await page.keyboard.press("ArrowRight");
  }
  throw new Error(`The slider never reached "${stop}" (stops: ${passed.join(" | ")})`);
}

/** From the product page to the checkout of one option, by the slider. */
export async function chooseOption(page: Page, origin: string, choice: CheckoutChoice): Promise<void> {
  await page.goto(`${origin}/shop/${choice.productId}`);
  await moveSliderTo(page, choice.option);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.waitForURL((url) => url.pathname === `/shop/${choice.productId}/checkout`);
  await shown(page.getByRole("heading", { name: "Confirm and pay" }));
}

export interface TestCard {
  number: string;
}

/** Fills the card form (once its script runs: before, a submit would post the form to the page). */
export async function fillCard(page: Page, card: TestCard): Promise<void> {
  await hydrated(page.getByLabel("Card number"));
  await page.getByLabel("Card number").fill(card.number.replace(/(\d{4})(?=\d)/g, "$1 "));
  await page.getByLabel("Expiry date").fill("12/34");
  await page.getByLabel("Security code").fill("123");
  await page.getByLabel("Name on card").fill("Casey Shopper");
}

/** Waits for the order's page the checkout opens, and hands back the order's id. */
export async function orderOpened(page: Page): Promise<string> {
  await page.waitForURL((url) => /^\/orders\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
  return decodeURIComponent(new URL(page.url()).pathname.split("/")[2]!);
}

/** The order's outcome panel (the first status region of the page). */
export function outcomePanel(page: Page) {
  return page
    .getByRole("status")
    .filter({ has: page.getByRole("heading") })
    .first();
}

/** The timeline's steps: each entry's data-step and its text. */
export async function timelineSteps(page: Page): Promise<{ step: string; text: string }[]> {
  const timeline = page.getByRole("region", { name: "Timeline" });
  await shown(timeline);
  return timeline.locator("li[data-step]").evaluateAll((items) =>
    items.map((item) => ({
      step: item.getAttribute("data-step") ?? "",
      text: (item.textContent ?? "").replace(/\s+/g, " ").trim(),
    })),
  );
}

/** The timeline's "Technical details" (calls, statuses, request ids), as text. */
export async function technicalDetails(page: Page): Promise<string> {
  const details = page.getByRole("region", { name: "Timeline" }).locator("details");
  await shown(details.locator("summary"));
  return ((await details.textContent()) ?? "").replace(/\s+/g, " ");
}

/** The debit lines of the member's history page (P3 through the portal): each line's text. */
export async function historyDebits(page: Page, origin: string): Promise<string[]> {
  await page.goto(`${origin}/transactions`);
  await shown(page.getByRole("heading", { name: "Transactions" }));
  await shown(page.getByRole("region", { name: "Transaction history" }));
  return page
    .locator('tr[data-kind="debit"]')
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? "").replace(/\s+/g, " ").trim()));
}

/** The order numbers on the first page of /orders, latest first. */
export async function listedOrderNumbers(page: Page, origin: string): Promise<string[]> {
  await page.goto(`${origin}/orders`);
  await shown(page.getByRole("heading", { name: "Your orders" }));
  const list = page.getByRole("list", { name: "Orders" });
  if ((await list.count()) === 0) return [];
  return list
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => /Order (\S+)/.exec(item.textContent ?? "")?.[1] ?? "").filter(Boolean));
}
