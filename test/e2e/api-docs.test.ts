import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { buildOpenApiDocument } from "@/lib/docs/openapi/build-document";
import { codePagePath, documentedCodes } from "@/lib/docs/errors/catalogue";
import { referenceIndex, type OpenApi } from "@/lib/docs/reference/reference-index";
import { eventPagePath, operationPagePath } from "@/lib/docs/reference/reference-paths";
import { allViolations, seriousViolations } from "../support/axe";
import { screenshot } from "../support/browser";
import { expectNoOverflow, expectOnPage, hydrated, shown } from "../support/page-expectations";
import { browsingSession } from "./browsing-session";

const apiKey = sandbox.partners[0]!.apiKeys.staging;

const guides = [
  { path: "/docs/guides/quickstart", heading: "Quickstart" },
  { path: "/docs/guides/sandbox-data", heading: "Sandbox data" },
  { path: "/docs/guides/safe-retries", heading: "Safe retries with Idempotency-Key" },
  { path: "/docs/guides/offline-channels", heading: "Offline channels" },
  { path: "/docs/guides/errors", heading: "Errors" },
  { path: "/docs/guides/webhooks", heading: "Events (webhooks)" },
  { path: "/docs/guides/versions", heading: "Versions" },
  { path: "/docs/guides/testing-time", heading: "Testing time" },
  { path: "/docs/api/errors", heading: "Error catalogue" },
  { path: "/docs/api/errors/data-invalid", heading: "DATA_INVALID" },
];

// The pages are the document's: any origin's document has the same operations and events.
const reference = referenceIndex(buildOpenApiDocument("http://localhost:3000") as OpenApi);
const p1Page = operationPagePath("retrieve-programme-list");

/** Every page under /docs: the reference (home, each operation, each event), the guides, the catalogue's codes. */
const docsPaths = [
  "/docs",
  ...reference.operations.map((operation) => operationPagePath(operation.slug)),
  ...reference.events.map((event) => eventPagePath(event.slug)),
  ...guides.map((guide) => guide.path),
  ...documentedCodes.map((code) => codePagePath(code.code)),
];
const maxDocsPageBytes = 150 * 1024;

/** Every Content-Security-Policy violation Chromium reports on the page, from the DOM event and the console. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(message.text()))
      fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
    ...fromConsole,
  ];
}

/** The (first) code block's scrolling region: focusable, and wider inside than on screen when its lines are long. */
async function codeRegion(page: Page, label: RegExp) {
  const region = await shown(page.getByRole("region", { name: label }).first());
  return region.evaluate((element) => ({
    tabIndex: (element as HTMLElement).tabIndex,
    scrolls: element.scrollWidth > element.clientWidth,
    overflowX: getComputedStyle(element).overflowX,
  }));
}

/** Whether the focused element shows a focus indicator (an outline or the ring's box-shadow). */
function focusVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
  });
}

// Every test reads pages of its own context and changes nothing another reads: they run side by side.
describe.concurrent("the API docs in Chromium", () => {
  const session = browsingSession();

  it("renders the reference on the server, and its try-it gets 200 from P1 with the sandbox key, axe-clean at every step", async () => {
    const { page, requested } = await session.newPage(1280, 800, { bypassCSP: true });
    await page.goto(`${session.origin}/docs`);
    await shown(page.getByRole("heading", { level: 1, name: "API reference" }));
    const main = page.locator("#docs-content");
    // Every operation and event of the document is a link from the home page and from the navigation.
    for (const operation of reference.operations)
      expect(await main.locator(`article a[href="${operationPagePath(operation.slug)}"]`).count(), operation.slug).toBe(
        1,
      );
    for (const event of reference.events)
      expect(await main.locator(`article a[href="${eventPagePath(event.slug)}"]`).count(), event.slug).toBe(1);
    const nav = page.getByRole("navigation", { name: "API reference" });
    expect(await nav.getByRole("link").count()).toBe(1 + reference.operations.length + reference.events.length);
    await screenshot(page, "docs-01-reference");
    expect(await allViolations(page)).toEqual([]);

    await (await hydrated(main.locator("article").getByRole("link", { name: "List programmes" }))).click();
    await page.waitForURL((url) => url.pathname === p1Page);
    await shown(page.getByRole("heading", { level: 1, name: "List programmes" }));
    expect(await nav.getByRole("link", { name: /List programmes/ }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByRole("region", { name: /^curl: List programmes/ }).textContent()).toBe(
      `curl -i -X GET '${session.origin}/api/v1/programmes?api_key=${apiKey}'`,
    );
    await screenshot(page, "docs-02-operation");
    expect(await allViolations(page)).toEqual([]);

    const tryIt = await hydrated(page.getByRole("button", { name: "Try it: List programmes" }));
    expect(await tryIt.getAttribute("aria-expanded")).toBe("false");
    await tryIt.click();
    await expectOnPage(() => tryIt.getAttribute("aria-expanded")).toBe("true");
    // The sandbox key is filled in: nobody types it.
    expect(await (await shown(page.getByLabel(/^api_key \(query\)/))).inputValue()).toBe(apiKey);
    await screenshot(page, "docs-03-try-it-open");
    expect(await allViolations(page)).toEqual([]);

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/programmes");
    await page.getByRole("button", { name: "Send request" }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get("api_key")).toBe(apiKey);
    expect(new URL(response.url()).origin).toBe(session.origin);
    const body = (await response.json()) as { size: number };
    expect(body.size).toBe(sandbox.programmes.length);
    // What came back is on the page: status, headers, the body.
    const shownAnswer = page.getByRole("region", { name: "Response", exact: true });
    await expectOnPage(() => shownAnswer.textContent()).toMatch(/Status\s*200\s*OK/);
    expect(await shownAnswer.getByText("x-request-id", { exact: true }).count()).toBe(1);
    const shownBody = await shown(page.getByRole("region", { name: "Response body" }));
    expect((JSON.parse((await shownBody.textContent()) ?? "") as { size: number }).size).toBe(
      sandbox.programmes.length,
    );
    await screenshot(page, "docs-04-try-it-answered");
    expect(await allViolations(page)).toEqual([]);

    expect(session.offMachine(requested)).toEqual([]);
  });

  it("runs the reference and its try-it under the nonce policy, without one CSP violation", async () => {
    const { page } = await session.newPage(1280);
    const violations = await watchCsp(page);
    await page.goto(`${session.origin}/docs`);
    await shown(page.getByRole("heading", { level: 1, name: "API reference" }));
    await page.goto(`${session.origin}${operationPagePath("retrieve-programme")}`);
    await (await hydrated(page.getByRole("button", { name: /^Try it/ }))).click();
    await page.getByRole("button", { name: "Send request" }).click();
    await expectOnPage(() => page.getByRole("region", { name: "Response", exact: true }).textContent()).toMatch(
      /Status\s*200/,
    );
    expect(await violations()).toEqual([]);
  });

  it("sends a refusal's answer to the page too: P5 without a member token answers 401 in the documented shape", async () => {
    const { page } = await session.newPage(1280, 800, { bypassCSP: true });
    await page.goto(`${session.origin}${operationPagePath("debit-currency")}`);
    await (await hydrated(page.getByRole("button", { name: /^Try it/ }))).click();
    // The form has the body example and the required header filled in.
    expect(await (await shown(page.getByRole("textbox", { name: /^Request body/ }))).inputValue()).toContain(
      "debitTransaction",
    );
    expect(await page.getByLabel(/^svc_client_application_name/).inputValue()).toBe("PARTNERPORTAL");
    const answer = page.waitForResponse((response) => response.url().includes("/debit-transaction-requests"));
    await page.getByRole("button", { name: "Send request" }).click();
    expect((await answer).status()).toBe(401);
    const shownAnswer = page.getByRole("region", { name: "Response", exact: true });
    await expectOnPage(() => shownAnswer.textContent()).toMatch(/Status\s*401/);
    expect(await page.getByRole("region", { name: "Response body" }).textContent()).toContain('"code"');
    // Its codes link to the error catalogue.
    const link = page.getByRole("link", { name: "BALANCE_INSUFFICIENT" }).first();
    expect(await link.getAttribute("href")).toBe(codePagePath("BALANCE_INSUFFICIENT"));
    expect(await allViolations(page)).toEqual([]);
  });

  it("works from the keyboard: the try-it opens, fills and sends, every stop showing its focus", async () => {
    const { page } = await session.newPage(1280);
    await page.goto(`${session.origin}${p1Page}`);
    const tryIt = await hydrated(page.getByRole("button", { name: "Try it: List programmes" }));
    const send = page.getByRole("button", { name: "Send request" });
    const focused = (target: typeof tryIt) => target.evaluate((element) => element === document.activeElement);
    /** Tabs until `target` has the focus, checking that each element on the way shows it has it. */
    const tabTo = async (target: typeof tryIt, most: number) => {
      for (let presses = 0; presses < most; presses++) {
        await page.keyboard.press("Tab");
        const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
        expect(await focusVisible(page), `focus shown on ${where}`).toBe(true);
        if ((await target.count()) > 0 && (await focused(target))) return;
      }
      throw new Error(`${target} not reached in ${most} presses of Tab`);
    };
    await tabTo(tryIt, 80);
    await page.keyboard.press("Enter");
    await expectOnPage(() => tryIt.getAttribute("aria-expanded")).toBe("true");
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/programmes");
    await tabTo(send, 20);
    await page.keyboard.press("Enter");
    expect((await answer).status()).toBe(200);
    // The response body is a focusable region: it scrolls by keyboard too.
    const region = await shown(page.getByRole("region", { name: "Response body" }));
    await region.focus();
    expect(await focusVisible(page)).toBe(true);
  });

  it("reads well at 360 px: the navigation folds into a menu, code scrolls inside its own focusable region", async () => {
    const { page, requested } = await session.newPage(360, 800, { bypassCSP: true });
    await page.goto(`${session.origin}/docs`);
    await shown(page.getByRole("heading", { level: 1, name: "API reference" }));
    await shown(page.locator("article").getByRole("link", { name: "List programmes" }));
    const menu = await hydrated(page.getByRole("button", { name: "Operations and events" }));
    const navLink = page.getByRole("navigation", { name: "API reference" }).getByRole("link", { name: /Debit points/ });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await navLink.isVisible()).toBe(false);
    await screenshot(page, "docs-05-reference-360");
    await expectNoOverflow(page);
    expect(await allViolations(page)).toEqual([]);

    await menu.click();
    await shown(navLink);
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await screenshot(page, "docs-06-menu-360");
    expect(await allViolations(page)).toEqual([]);
    await navLink.click();
    await page.waitForURL((url) => url.pathname === operationPagePath("debit-currency"));
    await shown(page.getByRole("heading", { level: 1, name: "Debit points" }));
    await expectNoOverflow(page);
    expect(await codeRegion(page, /^curl: Debit points/)).toEqual({ tabIndex: 0, scrolls: true, overflowX: "auto" });
    await screenshot(page, "docs-07-operation-360");
    expect(await allViolations(page)).toEqual([]);

    await (await hydrated(page.getByRole("button", { name: /^Try it/ }))).click();
    await shown(page.getByRole("button", { name: "Send request" }));
    await expectNoOverflow(page);
    await page.getByRole("button", { name: "Send request" }).click();
    await expectOnPage(() => page.getByRole("region", { name: "Response", exact: true }).textContent()).toMatch(
      /Status\s*401/,
    );
    await expectNoOverflow(page);
    await screenshot(page, "docs-08-try-it-360");
    expect(await allViolations(page)).toEqual([]);
    expect(session.offMachine(requested)).toEqual([]);
  });

  it("shows an event's payload and headers, axe-clean at 1280 and 360 px", async () => {
    for (const width of [1280, 360]) {
      const { page } = await session.newPage(width, 800, { bypassCSP: true });
      await page.goto(`${session.origin}${eventPagePath("points-debited")}`);
      await shown(page.getByRole("heading", { level: 1, name: "points.debited" }));
      expect(await page.getByRole("region", { name: /^Example payload/ }).textContent()).toContain(
        '"type": "points.debited"',
      );
      await screenshot(page, `docs-09-event-${width}`);
      await expectNoOverflow(page);
      expect(await allViolations(page)).toEqual([]);
    }
  });

  // Every guide shares one layout; the two whose content is widest (the sandbox's records, the catalogue) are seen wide too.
  const wideToo = new Set(["/docs/guides/sandbox-data", "/docs/api/errors"]);
  it.each(
    guides.flatMap((guide) => (wideToo.has(guide.path) ? [1280, 360] : [360]).map((width) => ({ ...guide, width }))),
  )("serves $path at $width px: no overflow, no serious axe violation, nothing off this machine", async (guide) => {
    const { page, requested } = await session.newPage(guide.width, 800, { bypassCSP: true });
    await page.goto(`${session.origin}${guide.path}`);
    await page.getByRole("heading", { level: 1, name: guide.heading }).waitFor();
    await screenshot(page, `docs-guide${guide.path.replaceAll("/", "-")}-${guide.width}`);
    await expectNoOverflow(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(session.offMachine(requested)).toEqual([]);
  });

  it("keeps every /docs page under 150 kB of HTML", async () => {
    const sizes = await Promise.all(
      docsPaths.map(async (path) => {
        const response = await fetch(`${session.origin}${path}`);
        expect(response.status, path).toBe(200);
        return { path, bytes: Buffer.byteLength(await response.text()) };
      }),
    );
    expect(sizes.length).toBeGreaterThan(30);
    expect(sizes.filter(({ bytes }) => bytes > maxDocsPageBytes)).toEqual([]);
  });

  it("is usable from the keyboard: skip link, every docs page in the nav, copy buttons", async () => {
    const { page } = await session.newPage(1280, 800);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: session.origin });
    await page.goto(`${session.origin}/docs/guides/quickstart`);
    await page.getByRole("heading", { level: 1, name: "Quickstart" }).waitFor();

    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    await expectOnPage(() => page.evaluate(() => document.activeElement?.id)).toBe("docs-content");

    // From the top of a page, Tab reaches the error catalogue link; Enter opens it.
    await page.goto(`${session.origin}/docs/guides/quickstart`);
    await page.getByRole("heading", { level: 1, name: "Quickstart" }).waitFor();
    let label = "";
    for (let presses = 0; presses < 15 && label !== "Error catalogue"; presses++) {
      await page.keyboard.press("Tab");
      label = (await page.evaluate(() => document.activeElement?.textContent)) ?? "";
    }
    expect(label).toBe("Error catalogue");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/docs/api/errors");
    await page.getByRole("heading", { level: 1, name: "Error catalogue" }).waitFor();

    // A developerLink's fragment is forwarded to its code's page, as when the link is followed from elsewhere: a
    // document of its own (from the index itself, only the fragment would change, and no page would load).
    await page.goto("about:blank");
    await page.goto(`${session.origin}/docs/api/errors#reversal-no-longer-permitted`);
    await page.waitForURL((url) => url.pathname === "/docs/api/errors/reversal-no-longer-permitted");
    await page.getByRole("heading", { level: 1, name: "REVERSAL_NO_LONGER_PERMITTED" }).waitFor();
    await screenshot(page, "docs-10-catalogue-fragment");

    // The copy button works from the keyboard and says so.
    const copy = page.getByRole("button", { name: /^Copy: Request that answers REVERSAL_NO_LONGER_PERMITTED/ });
    await copy.focus();
    await page.keyboard.press("Enter");
    await expectOnPage(() => copy.textContent()).toBe("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("reverse-transaction-requests");

    // So does a reference page's: it copies the sample's text.
    await page.goto(`${session.origin}${p1Page}`);
    const copySample = await hydrated(page.getByRole("button", { name: "Copy: curl: List programmes" }));
    await copySample.focus();
    await page.keyboard.press("Enter");
    await expectOnPage(() => copySample.textContent()).toBe("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `curl -i -X GET '${session.origin}/api/v1/programmes?api_key=${apiKey}'`,
    );
  });
});
