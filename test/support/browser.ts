import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, errors, type Browser, type Page } from "playwright-core";

/** Debian's Chromium; browser downloads cannot work here (.ci/run installs it with apt-get). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Screenshots of every page an end-to-end test visits, kept as test artifacts. */
export const screenshotDir = path.resolve("test-results", "screenshots");

/** How the tests launch Chromium, whether for one file (launchBrowser) or for the e2e run (its global setup). */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    // No --user-data-dir: playwright gives each launch a fresh temporary profile
    // and refuses the argument (launchPersistentContext is for a kept profile).
  ],
};

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

/**
 * Saves a full-page screenshot under test-results/screenshots. On a busy host
 * Chromium now and then never delivers the frame a capture waits for; a fresh
 * capture gets a new frame, so one stalled attempt is retried before failing.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name.replace(/[^a-z0-9-]+/gi, "-")}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true, timeout: 15_000 });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    console.warn(`screenshot ${name}: the first capture stalled; taking it again`);
    await page.screenshot({ path: file, fullPage: true, timeout: 30_000 });
  }
  return file;
}
