import { readFileSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { inject } from "vitest";
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
