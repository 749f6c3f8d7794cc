import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { startApp, type RunningApp } from "../support/start-app";

export interface BrowsingSession {
  /** The running app's origin (once the file's beforeAll has run). */
  readonly origin: string;
  /** A page of its own context that records every request it makes, wherever it goes. */
  newPage(width: number, height?: number): Promise<{ page: Page; requested: string[] }>;
  /** The requests that left this machine (anything but the app, data: and blob:). */
  offMachine(requested: string[]): string[];
}

/** The app (started as `next start`) and a Chromium for one test file, stopped after it. */
export function browsingSession(env: Record<string, string> = {}): BrowsingSession {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp(env);
    browser = await launchBrowser();
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
    async newPage(width, height = 900) {
      const context = await started().browser.newContext({ viewport: { width, height } });
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
