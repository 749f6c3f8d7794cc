import { mkdirSync, readdirSync, rmSync } from "node:fs";
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
          /** Where the run's portals keep their NEXTAUTH secrets: deleted at its end. */
          serverFiles: string;
        }
      | undefined;
  }
}

/**
 * Global setup of the e2e project: one Chromium for the whole run, a folder
 * for its portals' secrets, and a place for the shared portal, which the
 * first file that needs it starts (files that need the portal with another
 * configuration stop it, as port 3000 is the sandbox's registered callback).
 * Teardown stops them and deletes the secrets.
 */
export default async function setupEndToEnd(project: TestProject): Promise<() => Promise<void>> {
  const directory = path.resolve(".data", "e2e");
  mkdirSync(directory, { recursive: true });
  // A run that was killed before its teardown leaves its portal holding port 3000, and its secrets: clear them.
  for (const entry of readdirSync(directory)) {
    const owner = /^(?:shared-portal|server-files)-(\d+)(?:\.json)?$/.exec(entry)?.[1];
    if (!owner || isRunning(Number(owner))) continue;
    if (entry.endsWith(".json")) await stopSharedPortal(path.join(directory, entry));
    else rmSync(path.join(directory, entry), { recursive: true, force: true });
  }
  const sharedPortalState = path.join(directory, `shared-portal-${process.pid}.json`);
  const serverFiles = path.join(directory, `server-files-${process.pid}`);
  mkdirSync(serverFiles, { recursive: true });
  const browser = await chromium.launchServer(chromiumLaunchOptions);
  project.provide("endToEnd", {
    browserEndpoint: browser.wsEndpoint(),
    sharedPortalState,
    serverFiles,
  });
  return async () => {
    await stopSharedPortal(sharedPortalState);
    await browser.close();
    rmSync(serverFiles, { recursive: true, force: true });
  };
}
