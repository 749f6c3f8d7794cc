import { describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { codePagePath, documentedCodes } from "@/lib/docs/errors/catalogue";
import { seriousViolations } from "../support/axe";
import { screenshot } from "../support/browser";
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
  { path: "/docs/api/errors", heading: "Error catalogue" },
  { path: "/docs/api/errors/data-invalid", heading: "DATA_INVALID" },
];

/** Every page under /docs: the reference, the guides, the catalogue's index and each code's page. */
const docsPaths = [
  "/docs",
  ...guides.map((guide) => guide.path),
  ...documentedCodes.map((code) => codePagePath(code.code)),
];
const maxDocsPageBytes = 150 * 1024;

describe("the API docs in Chromium", () => {
  const session = browsingSession();
  const newPage = (width: number) => session.newPage(width, 800);

  it("renders the interactive reference from /api/openapi.json, sends nothing off this machine, and its try-it gets 200 from P1", async () => {
    const { page, requested } = await newPage(1280);
    await page.goto(`${session.origin}/docs`);
    const tryIt = page.getByRole("button", { name: /Test Request\s*\(get \/api\/v1\/programmes\)/i }).first();
    await tryIt.waitFor();
    await screenshot(page, "docs-01-reference");
    expect(requested).toContain(`${session.origin}/api/openapi.json`);
    // Scalar's own greys and method colours failed AA; the project's theme (api-reference-contrast.css) fixes them.
    // Its other serious violations are in Scalar's markup (docs/decisions.md, "API reference"): not checked here yet.
    const contrast = async () => (await seriousViolations(page)).filter((line) => line.startsWith("color-contrast"));
    expect(await contrast()).toEqual([]);

    await tryIt.click();
    const send = page.getByRole("button", { name: /Send get request to/i }).first();
    await send.waitFor();
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/programmes");
    await send.click();
    const response = await answer;
    expect(response.status()).toBe(200);
    // The sandbox key was filled in: nobody typed it.
    expect(new URL(response.url()).searchParams.get("api_key")).toBe(apiKey);
    expect(((await response.json()) as { size: number }).size).toBe(sandbox.programmes.length);
    await screenshot(page, "docs-02-try-it");
    expect(await contrast()).toEqual([]);

    expect(session.offMachine(requested)).toEqual([]);
  });

  it("keeps the reference usable at 360 px, with nothing requested off this machine", async () => {
    const { page, requested } = await newPage(360);
    await page.goto(`${session.origin}/docs`);
    await page.getByRole("navigation", { name: "Documentation" }).waitFor();
    await page.getByText("List programmes").first().waitFor();
    await screenshot(page, "docs-03-reference-360");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page, "header")).toEqual([]);
    expect(session.offMachine(requested)).toEqual([]);
  });

  it.each(guides)(
    "serves $path at 360 px: no overflow, no serious axe violation, nothing off this machine",
    async (guide) => {
      const { page, requested } = await newPage(360);
      await page.goto(`${session.origin}${guide.path}`);
      await page.getByRole("heading", { level: 1, name: guide.heading }).waitFor();
      await screenshot(page, `docs-guide${guide.path.replaceAll("/", "-")}-360`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await seriousViolations(page)).toEqual([]);
      expect(session.offMachine(requested)).toEqual([]);
    },
  );

  it("keeps every /docs page under 150 kB of HTML", async () => {
    const sizes = await Promise.all(
      docsPaths.map(async (path) => {
        const response = await fetch(`${session.origin}${path}`);
        expect(response.status, path).toBe(200);
        return { path, bytes: Buffer.byteLength(await response.text()) };
      }),
    );
    expect(sizes.filter(({ bytes }) => bytes > maxDocsPageBytes)).toEqual([]);
  });

  it("is usable from the keyboard: skip link, every docs page in the nav, copy buttons", async () => {
    const { page } = await newPage(1280);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: session.origin });
    await page.goto(`${session.origin}/docs/guides/quickstart`);
    await page.getByRole("heading", { level: 1, name: "Quickstart" }).waitFor();

    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("docs-content");

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

    // A developerLink's fragment is forwarded to its code's page.
    await page.goto(`${session.origin}/docs/api/errors#reversal-no-longer-permitted`);
    await page.waitForURL((url) => url.pathname === "/docs/api/errors/reversal-no-longer-permitted");
    await page.getByRole("heading", { level: 1, name: "REVERSAL_NO_LONGER_PERMITTED" }).waitFor();
    await screenshot(page, "docs-04-catalogue-fragment");

    // The copy button works from the keyboard and says so.
    const copy = page.getByRole("button", { name: /^Copy: Request that answers REVERSAL_NO_LONGER_PERMITTED/ });
    await copy.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => copy.textContent()).toBe("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("reverse-transaction-requests");
  });
});
