import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { RunningApp } from "../support/start-app";
import { startServer } from "./portal-browser";
import { sharedBrowser, sharedPortal } from "./shared-run";

export interface BrowsingSession {
  /** The running app's origin (once the file's beforeAll has run). */
  readonly origin: string;
  /**
   * A page of its own context that records every request it makes, wherever it goes. `bypassCSP` only to inject
   * axe-core: the nonce policy refuses any script the page did not bring.
   */
  newPage(
    width: number,
    height?: number,
    options?: { bypassCSP?: boolean },
  ): Promise<{ page: Page; requested: string[] }>;
  /** The requests that left this machine (anything but the app, data: and blob:). */
  offMachine(requested: string[]): string[];
}

/**
 * The app (`next start`) and Chromium for one test file: the run's shared
 * portal and browser, or with `env` an app of the file's own on a free port,
 * stopped after it. Each page gets a context of its own, closed after the file.
 */
export function browsingSession(env: Record<string, string> = {}): BrowsingSession {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = Object.keys(env).length > 0 ? await startServer(env) : await sharedPortal();
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await app?.stop();
  });

  const started = () => {
    if (!app || !browser) throw new Error("the browsing session starts in beforeAll");
    return { app, browser };
  };

  return {
    get origin() {
      return started().app.origin;
    },
    async newPage(width, height = 900, options = {}) {
      const context = await started().browser.newContext({ viewport: { width, height }, ...options });
      contexts.push(context);
      const page = await context.newPage();
      const requested: string[] = [];
      page.on("request", (request) => requested.push(request.url()));
      return { page, requested };
    },
    offMachine(requested) {
      const origin = started().app.origin;
      return requested.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
    },
  };
}
