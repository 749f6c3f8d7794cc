import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { chromiumLaunchOptions } from "./browser";
import { isRunning, stopSharedPortal } from "./shared-portal-state";

declare module "vitest" {
  export interface ProvidedContext {
    endToEnd:
      | {
          /** The run's Chromium (playwright's browser server): each file connects, each test opens its own context. */
          browserEndpoint: string;
          /** Where the run's shared portal (port 3000) is recorded once a file has started it. */
          sharedPortalState: string;
        }
      | undefined;
  }
}

/**
 * Global setup of the e2e project: one Chromium for the whole run, and a
 * place for the shared portal, which the first file that needs it starts
 * (files that need the portal with another configuration stop it, as port
 * 3000 is the sandbox's registered callback). Teardown stops both.
 */
export default async function setupEndToEnd(project: TestProject): Promise<() => Promise<void>> {
  const directory = path.resolve(".data", "e2e");
  mkdirSync(directory, { recursive: true });
  // A run that was killed before its teardown leaves its portal holding port 3000: stop it.
  for (const entry of readdirSync(directory)) {
    const owner = /^shared-portal-(\d+)\.json$/.exec(entry)?.[1];
    if (owner && !isRunning(Number(owner))) await stopSharedPortal(path.join(directory, entry));
  }
  const sharedPortalState = path.join(directory, `shared-portal-${process.pid}.json`);
  const browser = await chromium.launchServer(chromiumLaunchOptions);
  project.provide("endToEnd", { browserEndpoint: browser.wsEndpoint(), sharedPortalState });
  return async () => {
    await stopSharedPortal(sharedPortalState);
    await browser.close();
  };
}
