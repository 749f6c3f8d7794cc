import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, inject } from "vitest";
import type { Locator, Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { screenshot } from "../support/browser";
import { expectOnPage, hydrated, shown } from "../support/page-expectations";
import { stopSharedPortal } from "../support/shared-portal-state";
import { startApp, type RunningApp } from "../support/start-app";

/** The sandbox registers the portal's callbacks on http://localhost:3000, so the portal must run there. */
export const portalPort = 3000;
export const password = sandbox.password;

/** Fails with a clear message when something already listens on the port (another app would answer our test). */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(
              `Port ${port} is taken. The sandbox registers the portal's OAuth callbacks on http://localhost:${port}, ` +
                "so the end-to-end tests must start the portal there: stop whatever listens on it (npm run dev?) and run again.",
            )
          : error,
      ),
    );
    server.listen(port, () => server.close(() => resolve()));
  });
}

/**
 * The app on port 3000 for one test file that needs it configured its own way
 * (`env`), with its own NEXTAUTH secret file (generated on first use, as on a
 * fresh machine). The run's shared portal (shared-run.ts) gives up the port
 * first; the next file that wants it starts it again. Files happy with the
 * default configuration use `sharedPortal()` instead.
 */
export async function startPortal(env: Record<string, string> = {}): Promise<RunningApp> {
  const shared = inject("endToEnd")?.sharedPortalState;
  if (shared) await stopSharedPortal(shared);
  await assertPortFree(portalPort);
  return startApp({ NEXTAUTH_SECRET_FILE: newSecretFile(), ...env }, { port: portalPort });
}

/**
 * A NEXTAUTH secret file of the portal's own, not yet written: among the e2e
 * run's server files, deleted at its end (no folder left behind in the
 * system's temporary folder for each portal), else in the temporary folder.
 */
export function newSecretFile(): string {
  const parent = inject("endToEnd")?.serverFiles ?? tmpdir();
  return path.join(mkdtempSync(path.join(parent, "portal-secret-")), "nextauth-secret");
}

/** Screenshots are named by test step; every page visited gets one, once its styles have loaded. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.waitForLoadState("load");
  // An unstyled page (a stylesheet that failed to load) would pass every other check.
  await expectOnPage(() => page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
  await screenshot(page, name);
}

/** From the portal's login page, through the programme's own login page, back to the page asked for. */
export async function signIn(
  page: Page,
  options: { programme: RegExp; username: string; shotPrefix: string; loginPageHost?: string },
) {
  // Before hydration the button has no handler and a click would do nothing.
  await (await hydrated(page.getByRole("button", { name: options.programme }))).click();
  await page.waitForURL((url) => url.pathname === "/oauth/auth/login" || url.pathname === "/partner-oauth/secure/code");
  if (options.loginPageHost) expect(new URL(page.url()).host).toBe(options.loginPageHost);
  await snap(page, `${options.shotPrefix}-programme-login`);
  await page.locator("#username").fill(options.username);
  await page.locator("#password").fill(password);
  await page.locator("button[type=submit]").click();
  await page.waitForURL(
    (url) =>
      url.port === String(portalPort) && !url.pathname.startsWith("/api/auth") && !url.pathname.startsWith("/login"),
  );
}

/** The pager's "Page n": shown with the rows of page n, so once it is on screen that page has settled. */
export function transactionPageLabel(page: Page, number: number): Locator {
  // "Page 1 of 2", or "Page 1 of 5 or more" when the history goes on past what the page read ahead.
  return page
    .getByRole("navigation", { name: "Transaction pages" })
    .getByText(new RegExp(`^Page ${number} of \\d+(?: or more)?$`));
}

/**
 * The rows of the transactions table, as the member reads them, once the page shows the history or its empty state.
 * After a navigation the previous page's rows may still be on screen: poll this (expectOnPage) for what you expect.
 */
export async function transactionRows(page: Page): Promise<{ kind: string; text: string }[]> {
  await shown(page.locator("tbody tr, [role=status]:has-text('transactions')").first());
  return page.locator("tbody tr").evaluateAll((rows) =>
    rows.map((row) => ({
      kind: row.getAttribute("data-kind") ?? "",
      text: (row.textContent ?? "").replace(/\s+/g, " ").trim(),
    })),
  );
}
