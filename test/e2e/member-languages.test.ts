import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { locales, type Locale } from "@/lib/i18n/locales";
import { demoShopTexts } from "@/lib/shop/demo-shop-texts";
import sandbox from "@/sandbox.json";
import ca from "@/messages/ca.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import it_ from "@/messages/it.json";
import { allViolations } from "../support/axe";
import { screenshot } from "../support/browser";
import { expectNoOverflow, expectOnPage, hydrated, shown } from "../support/page-expectations";
import type { RunningApp } from "../support/start-app";
import { signIn } from "./portal-browser";
import { sharedBrowser, sharedPortal } from "./shared-run";

// The issue's member: other e2e files read demo.member1's pages in English, so the file gives English back at its end.
const member1 = sandbox.members.find((member) => member.username === "demo.member1")!;
const card = (outcome: string) => sandbox.paymentTestCards.find((entry) => entry.outcome === outcome)!.number;
const catalogues = { en, es, ca, fr, it: it_ } as const;
const product = "FLIGHT-LHR-MAD";
// One language read through eight member pages, each with axe and two screenshots: a minute on a slow two-core host.
const readingTime = 240_000;

/** Each language's number and date shapes, as the pages must write them. */
const formats: Record<Exclude<Locale, "en">, { points: RegExp; day: RegExp }> = {
  es: { points: /\d{1,3}(?:\.\d{3})+ puntos/, day: /^\d{1,2} [a-z]{3,4}\.? \d{4}$/ },
  ca: { points: /\d{1,3}(?:\.\d{3})+ punts/, day: /^\d{1,2} (?:de |d’|d')[a-z]{3,5}\.? (?:del? )?\d{4}$/ },
  fr: { points: /\d{1,3}(?:[\u202f\u00a0 ]\d{3})+ points/, day: /^\d{1,2} [a-zéû]{3,5}\.? \d{4}$/ },
  it: { points: /\d{1,3}(?:\.\d{3})+ punti/, day: /^\d{1,2} [a-z]{3} \d{4}$/ },
};

/**
 * English from the data rather than the catalogue: the shop's English names
 * and descriptions as seeded, the English sentences the checkout's saga
 * writes beside each timeline code, and the partners' seeded codes that must
 * read as words. Found on a page in another language, one of them is data
 * left in English.
 */
function englishData(): string[] {
  const products = Object.values(demoShopTexts).flatMap((texts) => [
    texts.en.name,
    texts.en.description,
    ...(texts.en.componentNames ?? []),
  ]);
  const sagaSentences = [
    "Order placed:",
    "points debited",
    "held on Visa",
    "charged to Visa",
    "Paid in points",
    "Charging the card",
    "points returned (",
    "refunded to the card",
    "could not be taken from",
    "nothing was charged",
  ];
  const codes = ["HOTEL-STAY", "DEMOSHOP", "LOUNGEPASS", "CUSTCARE", "CARD-SIGNUP-BONUS", "FLIGHT-LHR"];
  return [...products, ...sagaSentences, ...codes];
}

/**
 * The English catalogue's sentences, as a page would show them: each
 * message's literal runs of three words or more (arguments cut them). Found
 * on a page in another language, one of them is English left behind.
 */
function englishSentences(): string[] {
  const runs = new Set<string>();
  const walk = (tree: Record<string, unknown>) => {
    for (const value of Object.values(tree)) {
      if (typeof value !== "string") {
        walk(value as Record<string, unknown>);
        continue;
      }
      for (const run of value.split(/\{[^{}]*\}|<\/?[a-z]+>|[{}#]/)) {
        const text = run.trim().replace(/\s+/g, " ");
        if (text.split(" ").filter((word) => /\p{L}{2,}/u.test(word)).length >= 3) runs.add(text);
      }
    }
  };
  walk(en);
  return [...runs];
}

// demo.member1's languages are read in the file's own page, one language at a time; then the visitors' tests, in
// contexts of their own and not signed in, side by side. Run beside the member's pages, they slowed them past their time.
describe("the member portal in the programme's five languages, in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let orderPath: string | undefined;
  let signedIn = false;
  // Each section sends the browser only the namespaces its client parts read: one that asks for more logs it here.
  const missingWords: string[] = [];
  const english = englishSentences();
  const englishFromData = englishData();

  beforeAll(async () => {
    app = await sharedPortal();
    browser = await sharedBrowser();
    // bypassCSP only to inject axe-core: the nonce policy refuses any script the page did not bring.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("MISSING_MESSAGE")) missingWords.push(message.text());
    });
  });

  afterAll(async () => {
    // Whatever happened above, demo.member1 reads English again (its profile's language) for the files after this one.
    try {
      // Plain Playwright here: expect's polling helpers belong inside a test.
      if (signedIn) {
        await page.goto(`${app.origin}/profile`);
        const language = page.locator("#field-language");
        await language.waitFor({ timeout: 20_000 });
        if ((await language.inputValue()) !== "EN") {
          const current = ((await page.getAttribute("html", "lang")) ?? "en") as Locale;
          await language.selectOption("EN");
          await page.getByRole("button", { name: catalogues[current].profile.save }).click();
          await page.waitForFunction(() => document.documentElement.lang === "en", undefined, { timeout: 20_000 });
        }
      }
    } finally {
      await context?.close();
      await browser?.close();
      await app?.stop();
    }
  });

  const headerLanguage = () => page.getByRole("banner").getByRole("combobox");

  /** The profile's language back to English (the next files sign demo.member1 in and read English). */
  async function restoreEnglishProfile() {
    await page.goto(`${app.origin}/profile`);
    const language = await hydrated(page.locator("#field-language"));
    if ((await language.inputValue()) === "EN") return;
    await language.selectOption("EN");
    const current = ((await page.getAttribute("html", "lang")) ?? "en") as Locale;
    await page.getByRole("button", { name: catalogues[current].profile.save }).click();
    await expectOnPage(() => page.getAttribute("html", "lang")).toBe("en");
    await expectOnPage(() => page.locator("#field-language").inputValue()).toBe("EN");
  }

  async function chooseInHeader(locale: Locale) {
    await page.goto(`${app.origin}/account`);
    await (await hydrated(headerLanguage())).selectOption(locale);
    await expectOnPage(() => page.getAttribute("html", "lang")).toBe(locale);
  }

  /** The page's visible text, a sentence of the English catalogue it holds, axe, and its screenshots at 1280 and 360 px. */
  async function checkPage(locale: Locale, name: string) {
    await page.waitForLoadState("load");
    expect(await page.getAttribute("html", "lang"), `${name} lang`).toBe(locale);
    const text = (await page.locator("body").innerText()).replace(/\s+/g, " ");
    const left = english.filter((sentence) => text.includes(sentence));
    expect(left, `${locale} ${name}: English left on the page`).toEqual([]);
    const leftFromData = englishFromData.filter((sentence) => text.includes(sentence));
    expect(leftFromData, `${locale} ${name}: English (or a raw code) from the data`).toEqual([]);
    expect(await allViolations(page), `${locale} ${name}: axe`).toEqual([]);
    await screenshot(page, `languages-${locale}-${name}-1280`);
    await page.setViewportSize({ width: 360, height: 800 });
    // Polled: a page settles its narrow layout a moment after the resize (the test cards fold away).
    await expectOnPage(() => widerThanScreen(page), `${locale} ${name}: wider than 360 px`).toEqual([]);
    await expectNoOverflow(page);
    expect(await overflowingText(page), `${locale} ${name}: text wider than its box at 360 px`).toEqual([]);
    // The member pages' navigation keeps its five tabs on one row at 360 px, in every language.
    const tabTops = await page
      .getByRole("navigation", { name: catalogues[locale].header.navLabel })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tabTops).size, `${locale} ${name}: navigation on one row at 360 px`).toBe(1);
    await screenshot(page, `languages-${locale}-${name}-360`);
    await page.setViewportSize({ width: 1280, height: 900 });
    return text;
  }

  /** Every page a member reads, in `locale`: its words, its numbers and dates, a declined card, an order. */
  async function readPortal(locale: Exclude<Locale, "en">) {
    const t = catalogues[locale];

    await page.goto(`${app.origin}/account`);
    await shown(page.getByRole("heading", { level: 1 }));
    const balance = page.getByRole("region", { name: t.account.balance });
    await expectOnPage(() => balance.textContent()).toMatch(formats[locale].points);
    expect(await page.title()).toContain(t.account.title);
    await checkPage(locale, "account");

    await page.goto(`${app.origin}/transactions`);
    await shown(page.getByRole("heading", { name: t.transactions.title, level: 1 }));
    const firstDay = await shown(page.locator("tbody tr time").first());
    expect((await firstDay.textContent())?.trim()).toMatch(formats[locale].day);
    await checkPage(locale, "transactions");

    await page.goto(`${app.origin}/profile`);
    await shown(page.getByRole("heading", { name: t.profile.title, level: 1 }));
    // The correspondence language is the profile's, chosen there (Spanish): the header's switch leaves it alone.
    await expectOnPage(() => page.locator("#field-language").inputValue()).toBe("ES");
    await checkPage(locale, "profile");

    await page.goto(`${app.origin}/shop`);
    await shown(page.getByRole("heading", { name: t.shop.title, level: 1 }));
    // The cards' "from N points", written the language's way.
    await shown(page.getByRole("list").getByText(formats[locale].points).first());
    await checkPage(locale, "shop");

    await page.goto(`${app.origin}/shop/${product}`);
    const slider = await hydrated(page.getByRole("slider", { name: t.shop.priceOptions.heading }));
    await expectOnPage(() => page.locator("h1").textContent()).toBe(demoShopTexts[product]![locale].name);
    await checkPage(locale, "product");
    // Points and card: one stop short of the most points, so the history shows a redemption and the card a payment.
    await slider.focus();
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowLeft");
    await expectOnPage(() => page.locator("input[name=option]").inputValue()).not.toBe("cash");
    await page.getByRole("button", { name: t.shop.priceOptions.continue }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${product}/checkout`);
    await shown(page.getByRole("heading", { name: t.checkout.title, level: 1 }));
    await checkPage(locale, "checkout");

    // A declined card: the member reads why in the page's language, beside the form.
    await fillCard(t, card("DECLINED"));
    const alert = page.getByRole("alert").filter({ hasText: t.checkout.notThrough });
    await expectOnPage(() => alert.textContent()).toContain(t.checkout.refusals.card_declined);
    await checkPage(locale, "checkout-declined");

    if (!orderPath) {
      await fillCard(t, card("APPROVED"));
      await page.waitForURL((url) => /^\/orders\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
      orderPath = new URL(page.url()).pathname;
    } else await page.goto(`${app.origin}${orderPath}`);
    await expectOnPage(() => page.getByRole("status").first().textContent()).toContain(t.orders.outcome.completeTitle);
    await shown(page.getByRole("region", { name: t.orders.timeline.title }));
    // The technical details open, so their words are read too.
    await page.getByText(t.orders.timeline.technical).click();
    await checkPage(locale, "order");

    // The history after the redemption: the order's debit named by the product in this language.
    await page.goto(`${app.origin}/transactions`);
    await shown(page.getByRole("heading", { name: t.transactions.title, level: 1 }));
    await shown(page.locator("tbody").getByText(demoShopTexts[product]![locale].name).first());
    await checkPage(locale, "history-after-order");

    await page.goto(`${app.origin}/orders`);
    await shown(page.getByRole("heading", { name: t.orders.title, level: 1 }));
    await checkPage(locale, "orders");
  }

  async function fillCard(t: (typeof catalogues)[Locale], number: string) {
    const numberField = await hydrated(page.getByLabel(t.checkout.card.number));
    await numberField.fill(number.replace(/(\d{4})(?=\d)/g, "$1 "));
    await page.getByLabel(t.checkout.card.expiry).fill("12/34");
    await page.getByLabel(t.checkout.card.securityCode).fill("123");
    await page.getByLabel(t.checkout.card.name).fill("Alex Example");
    await page.locator("form button[type=submit]").last().click();
  }

  // demo.member1's lane: one test per language, in order (each starts from the language the one before left). One
  // language per test keeps each within its own time on a slow host.
  describe("demo.member1 in every member page, the profile's language first, then the header's choice", () => {
    it(
      "speaks Spanish once the profile says so",
      async () => {
        await page.goto(`${app.origin}/login?callbackUrl=%2Fprofile`);
        await signIn(page, { programme: /Northstar Club/, username: member1.username!, shotPrefix: "languages-01" });
        expect(new URL(page.url()).pathname).toBe("/profile");
        signedIn = true;

        // Spanish chosen in the profile: the portal's language from the next answer on, <html lang> included.
        const language = await hydrated(page.locator("#field-language"));
        await language.selectOption("ES");
        await page.getByRole("button", { name: en.profile.save }).click();
        await expectOnPage(() => page.getAttribute("html", "lang")).toBe("es");
        await shown(page.getByRole("heading", { name: es.profile.title, level: 1 }));
        await readPortal("es");
      },
      readingTime,
    );

    // The header's switcher: Catalan, then the other two, every page again.
    it.each(["ca", "fr", "it"] as const)(
      "speaks %s once the header's switcher says so",
      async (locale) => {
        await chooseInHeader(locale);
        await readPortal(locale);
      },
      readingTime,
    );

    it("reads English once the header says so, while the profile's correspondence language stays Spanish", async () => {
      await chooseInHeader("en");
      await page.goto(`${app.origin}/profile`);
      await shown(page.getByRole("heading", { name: en.profile.title, level: 1 }));
      // The header's switch is the pages' language only: the profile keeps what was chosen there.
      await expectOnPage(() => page.locator("#field-language").inputValue()).toBe("ES");
      // The profile changes it, and the pages follow at once.
      await restoreEnglishProfile();
      expect(locales).toContain("en");
      // The order gives demo.member1's points back, as the checkout's file does: later files read its seeded balance.
      if (orderPath) {
        await page.goto(`${app.origin}${orderPath}`);
        await (await hydrated(page.getByRole("button", { name: "Cancel this order" }))).click();
        await page.getByRole("button", { name: "Yes, cancel my order" }).click();
        await shown(page.getByText("This order is cancelled").first());
      }
    });

    it("found every word its client parts read in what each page sent (no missing message in the console)", () => {
      expect(signedIn, "the lane above signed in and read every page").toBe(true);
      expect(missingWords).toEqual([]);
    });
  });

  describe.concurrent("visitors who are not signed in", () => {
    it.each(["es", "ca", "fr", "it"] as const)(
      "greets a visitor who is not signed in in the browser's language (%s): the sign-in choice and the registration",
      async (locale) => {
        const t = catalogues[locale];
        const visitor = await browser.newContext({ locale, viewport: { width: 1280, height: 900 }, bypassCSP: true });
        try {
          const page = await visitor.newPage();
          await page.goto(`${app.origin}/login`);
          await shown(page.getByRole("heading", { name: t.login.heading, level: 1 }));
          await checkVisitorPage(page, locale, "login");
          // The programme's own login page (A1) speaks it too: the portal sends the language along (ui_locales).
          await (await hydrated(page.getByRole("button", { name: /Northstar Club/ }))).click();
          await page.waitForURL((url) => url.pathname === "/oauth/auth/login");
          expect(new URL(page.url()).searchParams.get("ui_locales")).toBe(locale);
          expect(await page.getAttribute("html", "lang")).toBe(locale);
          await expectOnPage(() => page.getByRole("heading", { level: 1 }).textContent()).not.toContain("Log in to");
          expect(await allViolations(page), `${locale} programme login: axe`).toEqual([]);
          await screenshot(page, `languages-${locale}-programme-login`);
          await page.goto(`${app.origin}/register`);
          await shown(page.getByRole("heading", { name: t.register.title, level: 1 }));
          // An empty form is refused in the visitor's language, beside the first field.
          await (await hydrated(page.getByRole("button", { name: t.register.submit }))).click();
          await shown(page.getByText(t.formMessages.regMembershipRequired));
          await checkVisitorPage(page, locale, "register");
        } finally {
          await visitor.close();
        }
      },
    );

    it("lets a visitor choose another language than the browser's before signing in, kept in a cookie", async () => {
      const visitor = await browser.newContext({ locale: "fr", viewport: { width: 360, height: 800 } });
      try {
        const page = await visitor.newPage();
        await page.goto(`${app.origin}/login`);
        expect(await page.getAttribute("html", "lang")).toBe("fr");
        await (await hydrated(page.getByRole("combobox", { name: fr.header.language }))).selectOption("es");
        await expectOnPage(() => page.getAttribute("html", "lang")).toBe("es");
        await shown(page.getByRole("heading", { name: es.login.heading, level: 1 }));
        await page.goto(`${app.origin}/register`);
        await shown(page.getByRole("heading", { name: es.register.title, level: 1 }));
        expect(await page.getAttribute("html", "lang")).toBe("es");
      } finally {
        await visitor.close();
      }
    });
  });

  async function checkVisitorPage(visitorPage: Page, locale: Locale, name: string) {
    expect(await visitorPage.getAttribute("html", "lang")).toBe(locale);
    const text = (await visitorPage.locator("body").innerText()).replace(/\s+/g, " ");
    expect(
      english.filter((sentence) => text.includes(sentence)),
      `${locale} ${name}: English left`,
    ).toEqual([]);
    expect(await allViolations(visitorPage), `${locale} ${name}: axe`).toEqual([]);
    await screenshot(visitorPage, `languages-${locale}-${name}-1280`);
    await visitorPage.setViewportSize({ width: 360, height: 800 });
    await expectOnPage(() => widerThanScreen(visitorPage), `${locale} ${name}: wider than 360 px`).toEqual([]);
    await screenshot(visitorPage, `languages-${locale}-${name}-360`);
  }
});

/** The innermost elements that reach past the right edge of the screen, for a failure message. */
async function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter(
        (element) =>
          ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5),
      )
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className}: ${(element.textContent ?? "").trim().slice(0, 60)}`,
      )
      .slice(0, 10),
  );
}

/** Elements whose text is wider than their box (a long word that does not wrap), at the page's width. */
async function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("h1, h2, h3, p, label, legend, button, a, th, td, dt, dd, li, option")]
      .filter((element) => {
        const style = getComputedStyle(element);
        if (style.display === "inline" || element.clientWidth === 0) return false;
        if (/(auto|scroll|hidden)/.test(style.overflowX)) return false;
        return element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()}: ${(element.textContent ?? "").trim().slice(0, 60)}`),
  );
}
