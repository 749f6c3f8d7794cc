import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { allViolations } from "../support/axe";
import { expectAbsent, expectNoOverflow, expectOnPage, hydrated, shown } from "../support/page-expectations";
import type { RunningApp } from "../support/start-app";
import {
  accountBalance,
  carriesCardNumber,
  chooseOption,
  expectHeaderBalance,
  fillCard,
  historyDebits,
  listedOrderNumbers,
  orderOpened,
  outcomePanel,
  priceSlider,
  recordPortalRequests,
  sliderStop,
  technicalDetails,
  timelineSteps,
  type PortalRequest,
} from "./checkout-browser";
import { signIn, snap, startPortal } from "./portal-browser";
import { sharedBrowser } from "./shared-run";

const shopper = sandbox.members.find((member) => member.username === "demo.shopper")!;
const otherMember = sandbox.members.find((member) => member.username === "demo.member1")!;
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
const card = (outcome: string) => sandbox.paymentTestCards.find((candidate) => candidate.outcome === outcome)!;
const flight = "FLIGHT-LHR-MAD";

/** The flight's options for demo.shopper (£180, a point worth 1p): 10, 25, 50, 75 and 100 % of the price in points. */
const option = {
  cheapest: { points: 1_800, label: "1,800 points + £162.00 by card", pay: "Pay £162.00 and 1,800 points" },
  half: { points: 9_000, label: "9,000 points + £90.00 by card", pay: "Pay £90.00 and 9,000 points" },
  allPoints: { points: 18_000, label: "18,000 points, no card payment", pay: "Pay 18,000 points" },
};

// The checkouts that move a member's balance or orders run one at a time per member, each reading the balance
// before it: demo.shopper's in one lane, demo.member1's in another. Beside them run the tests that only read pages or
// see a card refused (no order, no debit): the other member's view and the axe sweeps. The shopper's first order
// comes before all of them, the card-number check after all.
describe.concurrent("the redemption checkout in Chromium, as demo.shopper and demo.member1", () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  /** The requests each page of this file sent to the portal's server, for the card-number check at the end. */
  const recorded: PortalRequest[][] = [];
  /** Every Content-Security-Policy violation Chromium reported on these pages (axe's pages bypass the policy). */
  const cspViolations: string[] = [];
  /** The shopper's first order, for the tests that look at one. */
  let shopperOrderId = "";
  /** demo.member1's order paid from the keyboard, which it then cancels. */
  let keyboardOrderId = "";

  beforeAll(async () => {
    app = await startPortal({
      // The timeout card answers after 7 s; the portal waits 5 s (its default), and the worker looks every 2 s.
      // A shorter wait once turned an ordinary decline into a lost answer on a busy machine: the portal gave up
      // at 1.5 s, so the member was shown a pending order instead of the decline beside the card form.
      PAYMENTS_TIMEOUT_MS: "5000",
      PAYMENTS_SANDBOX_TIMEOUT_DELAY_MS: "7000",
      CHECKOUT_WORKER_INTERVAL_MS: "2000",
      // The worker asks the processor about a lost answer 8 s after the member's request gave up on it.
      CHECKOUT_UNKNOWN_CHARGE_GRACE_MS: "8000",
    });
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await app?.stop();
  });

  /** Each member's session, signed in once (first inside the opening test: signIn waits with expect.poll). */
  const sessions = new Map<string, Promise<StorageState>>();
  function memberSession(username: string, shotPrefix: string): Promise<StorageState> {
    let session = sessions.get(username);
    if (!session) {
      session = (async () => {
        const context = await browser.newContext();
        contexts.push(context);
        const page = await context.newPage();
        await page.goto(`${app.origin}/shop`);
        await page.waitForURL((url) => url.pathname === "/login");
        await signIn(page, { programme: /Northstar Club/, username, shotPrefix });
        return context.storageState();
      })();
      sessions.set(username, session);
    }
    return session;
  }

  /** A page signed in as the member whose requests to the portal are recorded. */
  async function memberPage(
    storageState: StorageState,
    options: { width?: number; axe?: boolean } = {},
  ): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      storageState,
      // Only to inject axe-core: the nonce policy refuses any script the page did not bring.
      bypassCSP: options.axe ?? false,
    });
    contexts.push(context);
    const page = await context.newPage();
    recorded.push(recordPortalRequests(page, app.origin));
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(message.text()))
        cspViolations.push(`${page.url()}: ${message.text()}`);
    });
    return page;
  }

  const shopperSession = () => memberSession(shopper.username!, "checkout-00");
  const shopperPage = async (options: { width?: number; axe?: boolean } = {}) =>
    memberPage(await shopperSession(), options);
  const member1Page = async () => memberPage(await memberSession(otherMember.username!, "checkout-00-member1"));

  it.sequential(
    "approved card: completed, a receipt naming both legs, the balance down by exactly the option's points",
    async () => {
      const page = await shopperPage();
      const before = await accountBalance(page, app.origin);
      await chooseOption(page, app.origin, { productId: flight, option: option.half.label });
      // The confirmation names both legs before anything is taken.
      await expectOnPage(() => page.getByRole("region", { name: "Your order" }).textContent()).toContain(
        "You pay 9,000 points and £90.00 by card.",
      );
      await shown(page.getByText("Sandbox test cards"));
      await snap(page, "checkout-01-card-form");
      await fillCard(page, card("APPROVED"));
      await page.getByRole("button", { name: option.half.pay }).click();
      shopperOrderId = await orderOpened(page);

      await expectOnPage(() => outcomePanel(page).textContent()).toContain("Your order is complete");
      const receipt = page.getByRole("region", { name: "Receipt" });
      await expectOnPage(() => receipt.textContent()).toMatch(/Order number\s*\S+/);
      const receiptText = (await receipt.textContent()) ?? "";
      expect(receiptText).toMatch(/Points used9,000Points transaction \S+/);
      expect(receiptText).toMatch(/FlightNS 117 · LHR to MAD · \w{3}, \d{1,2} \w{3} \d{4}/);
      expect(receiptText).toContain("Visa ending 4242");
      expect(receiptText).toContain("Cash taken£90.00");
      expect(receiptText).toContain("Completed");
      // The header's balance is read again after the checkout, without a reload.
      await expectHeaderBalance(page, before - option.half.points);
      const steps = await timelineSteps(page);
      expect(steps.map((entry) => entry.step)).toEqual([
        "priced",
        "card_authorised",
        "points_debited",
        "capturing",
        "completed",
      ]);
      // The member reads what happened; the calls behind it only under "Technical details".
      expect(steps.map((entry) => entry.text).join(" ")).toMatch(/Card accepted.*Points used.*Card charged/);
      for (const step of steps) expect(step.text).not.toMatch(/HTTP|request [0-9a-f-]{8}|P5|P6/);
      expect(await technicalDetails(page)).toMatch(/P5 debit · HTTP 201 · request [0-9a-f-]{36}/);
      await snap(page, "checkout-02-completed");

      expect(await accountBalance(page, app.origin)).toBe(before - option.half.points);
    },
  );

  describe("demo.shopper's checkouts, each from the balance it read", () => {
    it.sequential.each([
      { outcome: "DECLINED", says: "Your card was declined. No points were used. Try another card." },
      {
        outcome: "DECLINED_INSUFFICIENT_FUNDS",
        says: "Your card was declined: not enough funds. No points were used.",
      },
      { outcome: "PROCESSING_ERROR", says: "Your card could not be processed just now. No points were used." },
    ])(
      "$outcome: said beside the card form with the option kept, no debit, the balance unchanged; another card pays",
      async ({ outcome, says }) => {
        const page = await shopperPage();
        const before = await accountBalance(page, app.origin);
        const debitsBefore = await historyDebits(page, app.origin);
        const ordersBefore = await listedOrderNumbers(page, app.origin);
        await chooseOption(page, app.origin, { productId: flight, option: option.cheapest.label });
        const checkoutUrl = page.url();
        await fillCard(page, card(outcome));
        await page.getByRole("button", { name: option.cheapest.pay }).click();

        // Still on the checkout, the same option, the message beside the form and focused.
        const alert = page.getByRole("alert").filter({ hasText: "No points were used" });
        await expectOnPage(() => alert.textContent(), "the decline is told").toContain(says);
        await expectOnPage(() => alert.evaluate((element) => element === document.activeElement)).toBe(true);
        expect(page.url()).toBe(checkoutUrl);
        await expectOnPage(() => page.getByRole("region", { name: "Your order" }).textContent()).toContain(
          "You pay 1,800 points and £162.00 by card.",
        );
        await snap(page, `checkout-03-${outcome.toLowerCase()}`);
        // During: the balance (P2, read in another tab) has not moved, nor did the header.
        const other = await page.context().newPage();
        expect(await accountBalance(other, app.origin)).toBe(before);
        await expectHeaderBalance(page, before);
        // No debit reached the member's history (P3), and the attempt is not one of the member's orders.
        expect(await historyDebits(other, app.origin)).toEqual(debitsBefore);
        expect(await listedOrderNumbers(other, app.origin)).toEqual(ordersBefore);
        await other.close();

        // Another card, the same price: paid.
        await fillCard(page, card("APPROVED"));
        await page.getByRole("button", { name: option.cheapest.pay }).click();
        await orderOpened(page);
        await expectOnPage(() => outcomePanel(page).textContent()).toContain("Your order is complete");
        await expectHeaderBalance(page, before - option.cheapest.points);
        expect(await accountBalance(page, app.origin)).toBe(before - option.cheapest.points);
      },
    );

    it.sequential(
      "the package shows unadjusted options; one above the balance is visible but cannot be chosen",
      async () => {
        const page = await shopperPage();
        const balance = await accountBalance(page, app.origin);
        // A package's options are not adjusted to the balance: the whole price in points is offered to everyone.
        expect(balance).toBeLessThan(49_000);
        await page.goto(`${app.origin}/shop/PACKAGE-MAD-CITY-BREAK`);
        const whole = "49,000 points, no card payment";
        const slider = await hydrated(priceSlider(page));
        const form = page.locator("form").filter({ has: slider });
        const missing = new Intl.NumberFormat("en-GB").format(49_000 - balance);
        await expectOnPage(() => form.textContent()).toContain(`${whole}: you need ${missing} more points`);
        // By pointer: a click at the far end of the track (the whole price in points) stops short of it.
        const box = (await slider.boundingBox())!;
        await slider.click({ position: { x: box.width - 2, y: box.height / 2 } });
        await expectOnPage(() => form.getByRole("status").textContent()).toContain(
          `${whole} needs ${missing} more points than your balance`,
        );
        expect(await sliderStop(page)).not.toBe(whole);
        // By keyboard: End stops short of it too.
        await page.keyboard.press("Home");
        await page.keyboard.press("End");
        expect(await sliderStop(page)).not.toBe(whole);
        expect(await sliderStop(page)).toMatch(/ by card$/);
        await snap(page, "checkout-07-package");
        const chosenStop = await sliderStop(page);
        // The way on carries the stop the slider rests on, never the uncovered one.
        await page.getByRole("button", { name: "Continue to payment" }).click();
        await page.waitForURL((url) => url.pathname === "/shop/PACKAGE-MAD-CITY-BREAK/checkout");
        await expectOnPage(() => page.getByRole("region", { name: "Your order" }).textContent()).toMatch(/by card/);
        expect(await page.getByRole("region", { name: "Your order" }).textContent()).not.toContain("49,000 points");
        // "Change how I pay" goes back to the slider at the member's own split, not the suggested one.
        await page.getByRole("link", { name: "Change how I pay" }).click();
        await page.waitForURL((url) => url.pathname === "/shop/PACKAGE-MAD-CITY-BREAK");
        await hydrated(priceSlider(page));
        await expectOnPage(() => sliderStop(page)).toBe(chosenStop);

        // A checkout of a quote that does not hold (expired, another member's, made up) is never priced from it.
        await page.goto(`${app.origin}/shop/${flight}/checkout?quote=00000000-0000-4000-8000-000000000000&option=0`);
        await shown(page.getByRole("heading", { name: "This price is no longer available" }));
        await page.getByRole("link", { name: "See today's price" }).click();
        await page.waitForURL((url) => url.pathname === `/shop/${flight}`);
      },
    );
  });

  // demo.member1 (this file's portal has a database of its own: nothing else moves its balance), in a lane of its own.
  describe("demo.member1's checkouts, each from the balance it read", () => {
    it.sequential(
      "CAPTURE_FAILS: the points are used, the capture fails, and they come back by themselves; the order says so",
      async () => {
        const page = await member1Page();
        const before = await accountBalance(page, app.origin);
        await chooseOption(page, app.origin, { productId: flight, option: option.cheapest.label });
        await fillCard(page, card("CAPTURE_FAILS"));
        await page.getByRole("button", { name: option.cheapest.pay }).click();
        const orderId = await orderOpened(page);

        await expectOnPage(() => outcomePanel(page).textContent(), "the order settles").toContain(
          "Your bank accepted your card but the payment could not be taken. Your 1,800 points are back.",
        );
        await expectOnPage(() => page.getByRole("region", { name: "Order details" }).textContent()).toContain(
          "Points returned",
        );
        const steps = (await timelineSteps(page)).map((entry) => entry.step);
        expect(steps).toEqual([
          "priced",
          "card_authorised",
          "points_debited",
          "capturing",
          "capture_failed",
          "reversing",
          "points_returned",
        ]);
        await expectHeaderBalance(page, before);
        await snap(page, "checkout-04-capture-fails");
        // Nothing was bought: the order offers to try again, at the same split.
        const again = outcomePanel(page).getByRole("link", { name: "Try again" });
        expect(await again.getAttribute("href")).toMatch(new RegExp(`^/shop/${flight}\\?points=\\d+$`));
        // /orders says what the order took in the end: nothing, not its price.
        await page.goto(`${app.origin}/orders`);
        const listed = page.getByRole("listitem").filter({ has: page.locator(`a[href="/orders/${orderId}"]`) });
        await expectOnPage(() => listed.textContent()).toContain("Nothing paid");
        expect(await listed.textContent()).not.toContain("1,800 points");
        expect(await accountBalance(page, app.origin)).toBe(before);
        // The history names the product and the order for both movements, the return paired with its debit.
        await page.goto(`${app.origin}/transactions`);
        const history = page.getByRole("region", { name: "Transaction history" });
        await expectOnPage(() => history.textContent()).toContain(
          "Points returned: London Heathrow to Madrid, economy",
        );
        const link = history.getByRole("link", { name: /^order NS-\d{4}-\d{6}$/ }).first();
        expect(await link.getAttribute("href")).toBe(`/orders/${orderId}`);
        await snap(page, "checkout-04-history");
      },
    );

    it.sequential(
      "TIMEOUT: the lost answer is settled to what the processor recorded; the page follows by itself",
      // The test's own expect: tests run beside this one, and the global expect.poll would not know which it serves.
      async ({ expect }) => {
        const page = await member1Page();
        const before = await accountBalance(page, app.origin);
        await chooseOption(page, app.origin, { productId: flight, option: option.cheapest.label });
        await fillCard(page, card("TIMEOUT_UNKNOWN_OUTCOME"));
        await page.getByRole("button", { name: option.cheapest.pay }).click();
        await orderOpened(page);

        // While the payment is unknown the page says "Confirming payment" and asks again by itself (no reload),
        // until the worker has looked the charge up (after its grace period) and settled the order.
        await expectOnPage(() => outcomePanel(page).textContent()).toContain("Confirming payment");
        await snap(page, "checkout-05-confirming");
        await expect
          .poll(() => outcomePanel(page).textContent(), { timeout: 60_000, interval: 500 })
          .toContain("Your order is complete");
        // Settled by the processor's record of the authorisation (a lookup by its key), never by a guess.
        expect(await technicalDetails(page)).toMatch(/authorisation lookup · HTTP 200/);
        await expectHeaderBalance(page, before - option.cheapest.points);
        await snap(page, "checkout-05-settled");
        const steps = (await timelineSteps(page)).map((entry) => entry.step);
        expect(steps.filter((step) => step === "completed")).toHaveLength(1);

        expect(await accountBalance(page, app.origin)).toBe(before - option.cheapest.points);
      },
    );

    it.sequential("an all-points option completes with no card step", async () => {
      const page = await member1Page();
      const before = await accountBalance(page, app.origin);
      await chooseOption(page, app.origin, { productId: flight, option: option.allPoints.label });
      const pay = await hydrated(page.getByRole("button", { name: option.allPoints.pay }));
      await expectAbsent(page.getByLabel("Card number"), { once: pay });
      await snap(page, "checkout-06-all-points");
      await pay.click();
      await orderOpened(page);
      await expectOnPage(() => outcomePanel(page).textContent()).toContain("Your order is complete");
      await expectHeaderBalance(page, before - option.allPoints.points);
      expect(await accountBalance(page, app.origin)).toBe(before - option.allPoints.points);
    });

    it.sequential("a double click on Pay makes one order and one debit", async () => {
      const page = await member1Page();
      const before = await accountBalance(page, app.origin);
      const ordersBefore = await listedOrderNumbers(page, app.origin);
      await chooseOption(page, app.origin, { productId: flight, option: option.cheapest.label });
      await fillCard(page, card("APPROVED"));
      await page.getByRole("button", { name: option.cheapest.pay }).dblclick();
      await orderOpened(page);
      await expectOnPage(() => outcomePanel(page).textContent()).toContain("Your order is complete");

      const ordersAfter = await listedOrderNumbers(page, app.origin);
      expect(ordersAfter.slice(1)).toEqual(ordersBefore.slice(0, ordersAfter.length - 1));
      expect(ordersBefore).not.toContain(ordersAfter[0]);
      expect(await accountBalance(page, app.origin)).toBe(before - option.cheapest.points);
    });

    it.sequential("a checkout can be done with the keyboard alone", async () => {
      const page = await member1Page();
      const before = await accountBalance(page, app.origin);
      await page.goto(`${app.origin}/shop/${flight}`);
      await hydrated(priceSlider(page));

      const focused = () =>
        page.evaluate(
          () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "",
        );
      const focusedLabel = () =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLInputElement | null;
          return element?.labels?.[0]?.textContent ?? element?.textContent ?? "";
        });
      /** Tab until the focused element answers `matches` (at most 40 presses). */
      async function tabTo(matches: (label: string) => boolean, read = focusedLabel): Promise<void> {
        for (let presses = 0; presses < 40; presses++) {
          await page.keyboard.press("Tab");
          if (matches(await read())) return;
        }
        throw new Error(`Tab never reached the element (last: ${await read()})`);
      }

      // Onto the slider (it starts at the suggested stop); Home is all cash, the arrow keys move a stop at a time.
      const stopOfFocused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-valuetext") ?? "");
      await tabTo((stop) => stop !== "", stopOfFocused);
      await page.keyboard.press("Home");
      expect(await stopOfFocused()).toBe("£180.00 by card, no points");
      await page.keyboard.press("ArrowRight");
      expect(await stopOfFocused()).toBe(option.cheapest.label);
      await tabTo((label) => label === "Continue to payment");
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === `/shop/${flight}/checkout`);
      await hydrated(page.getByLabel("Card number"));

      await tabTo((label) => label.startsWith("Card number"));
      await page.keyboard.type("4242 4242 4242 4242");
      await page.keyboard.press("Tab");
      await page.keyboard.type("12/34");
      await page.keyboard.press("Tab");
      await page.keyboard.type("123");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Casey Shopper");
      await tabTo((label) => label === option.cheapest.pay, focused);
      await page.keyboard.press("Enter");
      const orderId = await orderOpened(page);
      await expectOnPage(() => outcomePanel(page).textContent()).toContain("Your order is complete");
      expect(await accountBalance(page, app.origin)).toBe(before - option.cheapest.points);
      keyboardOrderId = orderId;
    });

    it.sequential(
      "the member cancels a completed order within the window: card refunded and points reversed, both on the timeline",
      async () => {
        const page = await member1Page();
        const before = await accountBalance(page, app.origin);
        await page.goto(`${app.origin}/orders/${encodeURIComponent(keyboardOrderId)}`);
        await expectOnPage(() => outcomePanel(page).textContent()).toContain("Your order is complete");
        const stepsBefore = await timelineSteps(page);
        await (await hydrated(page.getByRole("button", { name: "Cancel this order" }))).click();
        await page.getByRole("button", { name: "Yes, cancel my order" }).click();
        await expectOnPage(() => outcomePanel(page).textContent()).toContain("This order is cancelled");
        await expectOnPage(() => outcomePanel(page).textContent()).toContain(
          "£162.00 is refunded to your card and your 1,800 points are back.",
        );
        const added = (await timelineSteps(page)).slice(stepsBefore.length).map((entry) => entry.text);
        expect(added.some((text) => /refund/i.test(text))).toBe(true);
        expect(added.some((text) => /revers|points? (are )?(back|returned)/i.test(text))).toBe(true);
        await expectHeaderBalance(page, before + option.cheapest.points);
        await snap(page, "checkout-08-cancelled");
        expect(await accountBalance(page, app.origin)).toBe(before + option.cheapest.points);
      },
    );
  });

  it("another member's order answers not found, on the page (404) and to the polling endpoint", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${app.origin}/orders`);
    await page.waitForURL((url) => url.pathname === "/login");
    await signIn(page, { programme: /Northstar Club/, username: otherMember.username!, shotPrefix: "checkout-09" });
    const response = await page.goto(`${app.origin}/orders/${encodeURIComponent(shopperOrderId)}`);
    expect(response?.status()).toBe(404);
    await shown(page.getByRole("heading", { name: "We can't find that order" }));
    const polled = await page.request.get(`${app.origin}/member/orders/${encodeURIComponent(shopperOrderId)}`);
    expect(polled.status()).toBe(404);
    expect(polled.headers()["cache-control"]).toBe("no-store");
    // Signed out: nothing at all.
    const anonymous = await browser.newContext();
    contexts.push(anonymous);
    const signedOut = await anonymous.request.get(`${app.origin}/member/orders/${encodeURIComponent(shopperOrderId)}`);
    expect(signedOut.status()).toBe(401);
    await snap(page, "checkout-09-not-found");
  });

  it("no axe violation (any impact) and no sideways scrolling at 360 px: /shop, a product, the card form, /orders, an order", async () => {
    const page = await shopperPage({ width: 360, axe: true });
    const visits: { name: string; path: string; ready: () => Promise<unknown> }[] = [
      { name: "shop", path: "/shop", ready: () => shown(page.getByRole("heading", { name: "Shop" })) },
      {
        name: "product",
        path: `/shop/${flight}`,
        ready: () => hydrated(priceSlider(page)),
      },
      { name: "orders", path: "/orders", ready: () => shown(page.getByRole("list", { name: "Orders" })) },
      {
        name: "transactions",
        path: "/transactions",
        ready: () => shown(page.getByRole("region", { name: "Transaction history" })),
      },
      {
        name: "order",
        path: `/orders/${encodeURIComponent(shopperOrderId)}`,
        ready: () => shown(page.getByRole("region", { name: "Timeline" })),
      },
    ];
    const problems: string[] = [];
    for (const visit of visits) {
      await page.goto(`${app.origin}${visit.path}`);
      await visit.ready();
      await snap(page, `checkout-10-360-${visit.name}`);
      await expectNoOverflow(page);
      // Members read no spec code, HTTP status or request id outside "Technical details".
      const visible = await page.evaluate(() => {
        const copy = document.querySelector("main")!.cloneNode(true) as HTMLElement;
        copy.querySelectorAll("details").forEach((details) => details.remove());
        return copy.textContent ?? "";
      });
      expect(visible, visit.path).not.toMatch(
        /HTTP \d{3}|request [0-9a-f]{8}-|Shop#|PAYMENT-FAILED|ORDER-CANCELLED|CARD-DECLINED|P5 debit|P6 reverse/,
      );
      problems.push(...(await allViolations(page)).map((problem) => `${visit.path}: ${problem}`));
    }
    // The card form, with a refusal showing (the alert and field errors are part of what is checked).
    await chooseOption(page, app.origin, { productId: flight, option: option.half.label });
    await fillCard(page, { number: "4242424242424241" });
    await page.getByRole("button", { name: option.half.pay }).click();
    await expectOnPage(() => page.getByLabel("Card number").getAttribute("aria-invalid")).toBe("true");
    await snap(page, "checkout-10-360-card-form");
    await expectNoOverflow(page);
    problems.push(...(await allViolations(page)).map((problem) => `card form: ${problem}`));
    expect(problems).toEqual([]);
  });

  // After the shopper's own checkouts, not beside them: its declined attempt is demo.shopper's too, and one still
  // in flight when "demo.shopper's checkouts" read the order list would come and go between its two reads.
  it.sequential.each([1280, 360])(
    "every member page at %i px: looked at (screenshots), no axe violation, no sideways scrolling",
    async (width) => {
      const page = await shopperPage({ width, axe: true });
      const visits: { name: string; path: string; ready: () => Promise<unknown> }[] = [
        { name: "account", path: "/account", ready: () => shown(page.getByRole("region", { name: "Points balance" })) },
        {
          name: "transactions",
          path: "/transactions",
          ready: () => shown(page.getByRole("region", { name: "Transaction history" })),
        },
        { name: "shop", path: "/shop", ready: () => shown(page.getByRole("heading", { name: "Shop" })) },
        {
          name: "product",
          path: `/shop/${flight}`,
          ready: () => hydrated(priceSlider(page)),
        },
        { name: "orders", path: "/orders", ready: () => shown(page.getByRole("list", { name: "Orders" })) },
        {
          name: "order",
          path: `/orders/${encodeURIComponent(shopperOrderId)}`,
          ready: () => shown(page.getByRole("region", { name: "Timeline" })),
        },
        {
          name: "profile",
          path: "/profile",
          ready: () => hydrated(page.getByRole("button", { name: "Save changes" })),
        },
      ];
      const problems: string[] = [];
      for (const visit of visits) {
        await page.goto(`${app.origin}${visit.path}`);
        await visit.ready();
        // Every tab of the member pages is in view, whatever the width.
        for (const tab of await page.getByRole("navigation", { name: "Member pages" }).getByRole("link").all())
          expect(await tab.isVisible()).toBe(true);
        await snap(page, `member-${width}-${visit.name}`);
        await expectNoOverflow(page);
        problems.push(...(await allViolations(page)).map((problem) => `${visit.path}: ${problem}`));
      }
      // The checkout after a decline (the message beside the form).
      await chooseOption(page, app.origin, { productId: flight, option: option.half.label });
      await fillCard(page, card("DECLINED"));
      await page.getByRole("button", { name: option.half.pay }).click();
      await shown(page.getByRole("alert").filter({ hasText: "Try another card" }));
      await snap(page, `member-${width}-checkout-declined`);
      await expectNoOverflow(page);
      problems.push(...(await allViolations(page)).map((problem) => `checkout: ${problem}`));
      expect(problems).toEqual([]);
    },
  );

  it.sequential(
    "no full card number reached the portal's server, no CSP violation, no inline style in the served pages",
    async () => {
      const portalRequests = recorded.flat();
      // The checkouts did talk to the portal: the place-order action's posts carried the tokens.
      const posts = portalRequests.filter(
        (request) => request.method === "POST" && /tok_[A-Za-z0-9]{24}/.test(request.body),
      );
      expect(posts.length).toBeGreaterThanOrEqual(6);
      for (const testCard of sandbox.paymentTestCards)
        expect(carriesCardNumber(portalRequests, testCard.number)).toEqual([]);
      expect(carriesCardNumber(portalRequests, "4242424242424241")).toEqual([]);

      expect(cspViolations).toEqual([]);
      // The favicon (public/) answers on every page's behalf.
      const iconContext = await browser.newContext();
      contexts.push(iconContext);
      const icon = await iconContext.request.get(`${app.origin}/favicon.ico`);
      expect(icon.status()).toBe(200);
      expect(icon.headers()["content-type"]).toMatch(/image\//);
      // The nonce policy refuses style attributes: none may be in the HTML the server sends.
      const context = await browser.newContext({ storageState: await shopperSession() });
      contexts.push(context);
      // A live quote from the product page's HTML, so the card form itself is served.
      const product = await (await context.request.get(`${app.origin}/shop/${flight}`)).text();
      const quote = /name="quote" value="([0-9a-f-]{36})"/.exec(product)?.[1];
      expect(quote).toBeDefined();
      for (const path of [
        "/shop",
        `/shop/${flight}`,
        `/shop/${flight}/checkout?quote=${quote}&option=1`,
        `/shop/${flight}/checkout?quote=${quote}&option=4`,
        "/orders",
        `/orders/${encodeURIComponent(shopperOrderId)}`,
      ]) {
        const answer = await context.request.get(`${app.origin}${path}`);
        expect(answer.status(), path).toBe(200);
        const html = await answer.text();
        if (path.includes("checkout")) expect(html).toMatch(/Card number|Pay 18,000 points/);
        expect(html, path).not.toMatch(/<[^>]+\sstyle=/);
      }
    },
  );
});
