import { readFileSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import sandbox from "@/sandbox.json";
import { launchBrowser } from "../support/browser";
import {
  isRunning,
  readSharedPortal,
  recordSharedPortal,
  stopSharedPortal,
  type SharedPortalState,
} from "../support/shared-portal-state";
import { startApp, type RunningApp } from "../support/start-app";
import { assertPortFree, newSecretFile, portalPort, startPortal } from "./portal-browser";

/**
 * The run's Chromium (started by the e2e project's global setup), or one of
 * the file's own when the file runs elsewhere. Closing it closes the contexts
 * this file opened; each test opens a fresh context of its own.
 */
export async function sharedBrowser(): Promise<Browser> {
  const endpoint = inject("endToEnd")?.browserEndpoint;
  return endpoint ? chromium.connect(endpoint) : launchBrowser();
}

/** The shared portal and the run's browser, as the tests of one describe block use them. */
export interface PortalRun {
  readonly app: RunningApp;
  /** The portal's origin (http://localhost:3000 in the e2e project). */
  readonly origin: string;
  readonly browser: Browser;
  /** A context of the test's own, closed once the block's tests are done. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * The set-up every file that reads the shared portal in Chromium repeats:
 * joins the portal and the browser before the block's tests and, after
 * them, closes the contexts they opened and lets both go. Call it in the
 * describe block; read its fields inside tests.
 */
export function sharedPortalRun(): PortalRun {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    app = await sharedPortal();
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await app?.stop();
  });
  const joined = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error("the shared portal is joined before the block's tests: read it inside one");
    return value;
  };
  return {
    get app() {
      return joined(app);
    },
    get origin() {
      return joined(app).origin;
    },
    get browser() {
      return joined(browser);
    },
    async newContext(options) {
      const context = await joined(browser).newContext(options);
      contexts.push(context);
      return context;
    },
  };
}

/**
 * The portal on port 3000 in its default configuration, shared by every e2e
 * file that needs nothing else: started by the first such file, reused by the
 * next ones, stopped at the end of the run (its `stop` does nothing). Files
 * keep out of each other's way by their data: their own members, orders and
 * staff accounts. Outside the e2e project it is a portal of the file's own.
 */
export async function sharedPortal(): Promise<RunningApp> {
  const stateFile = inject("endToEnd")?.sharedPortalState;
  if (!stateFile) return startPortal();
  const running = readSharedPortal(stateFile);
  if (running && isRunning(running.pid) && (await answers(running.origin))) return attached(running);

  // None yet, or one that died: start afresh.
  await stopSharedPortal(stateFile);
  await assertPortFree(portalPort);
  const logFile = stateFile.replace(/\.json$/, ".log");
  // It outlives this file: its database copy stays until the next run clears the copies of runs that ended.
  const app = await startApp({ NEXTAUTH_SECRET_FILE: newSecretFile() }, { port: portalPort, logFile });
  const state = { pid: app.pid, origin: app.origin, port: app.port, logFile };
  recordSharedPortal(stateFile, state);
  return attached(state);
}

function attached(state: SharedPortalState): RunningApp {
  return {
    origin: state.origin,
    port: state.port,
    pid: state.pid,
    output: () => readTail(state.logFile),
    // The run's teardown stops it, once every file is done.
    stop: async () => undefined,
  };
}

async function answers(origin: string): Promise<boolean> {
  try {
    const probe = `${origin}/api/v1/programmes?api_key=${sandbox.partners[0]!.apiKeys.staging}`;
    return (await fetch(probe, { signal: AbortSignal.timeout(5_000) })).status === 200;
  } catch {
    return false;
  }
}

function readTail(file: string): string {
  try {
    return readFileSync(file, "utf8").slice(-20_000);
  } catch {
    return "";
  }
}
