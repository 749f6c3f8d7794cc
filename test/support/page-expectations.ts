import { AsyncLocalStorage } from "node:async_hooks";
import { expect, type ExpectStatic } from "vitest";
import type { Locator, Page } from "playwright-core";

/**
 * How long a page may take to show what a test expects. React reveals streamed Suspense content after `load`,
 * and on a busy two-core machine that can take seconds: one reading right after a navigation may be early.
 */
export const pageTimeout = 20_000;

/**
 * The running test's own `expect`. Vitest's global one knows its test only until the first `await` of a concurrent
 * test, and `expect.poll` refuses to run without it; the e2e project's setup (end-to-end-each.ts) hands each test's
 * own here, so these helpers work in `describe.concurrent` files as in sequential ones.
 */
const testExpect = new AsyncLocalStorage<ExpectStatic>();

/** Runs one test with its own `expect` in reach of these helpers. */
export function withTestExpect<T>(own: ExpectStatic, run: () => T): T {
  return testExpect.run(own, run);
}

function currentExpect(): ExpectStatic {
  return testExpect.getStore() ?? expect;
}

/** Reads the page again and again until the assertion holds (or `pageTimeout` passes). */
export function expectOnPage<T>(read: () => Promise<T>, message?: string) {
  return currentExpect().poll(read, { timeout: pageTimeout, interval: 100, message });
}

/** Waits until the page shows the element, and hands it back to read. */
export async function shown(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: "visible", timeout: pageTimeout });
  return locator;
}

/** Waits until exactly `count` elements match. */
export async function expectCount(locator: Locator, count: number): Promise<void> {
  await expectOnPage(() => locator.count(), `${locator} count`).toBe(count);
}

/**
 * Nothing matches `locator` once the page shows `settled`: what stands in its place, or beside it, when the page is
 * done. Without that wait an absence passes by being early, before the page has shown anything.
 */
export async function expectAbsent(locator: Locator, { once: settled }: { once: Locator }): Promise<void> {
  await shown(settled);
  currentExpect()(await locator.count(), `${locator} should be absent`).toBe(0);
}

/**
 * Waits until React has hydrated the element (its event handlers are attached), so that a click runs the page's
 * script instead of the browser's default, or nothing at all. React marks hydrated nodes with `__reactProps$…`.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await shown(locator);
  await expectOnPage(
    () => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))),
    `${locator} hydrated`,
  ).toBe(true);
  return locator;
}

/** The page is no wider than the screen: nothing to scroll sideways. */
export async function expectNoOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  currentExpect()(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}
