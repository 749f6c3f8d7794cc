import type { TestProject } from "vitest/node";
import { freePort, startApp } from "./start-app";

declare module "vitest" {
  export interface ProvidedContext {
    /** The http project's app in its default configuration, shared by the files that need nothing else. */
    sharedApp: { origin: string } | undefined;
  }
}

/**
 * Global setup of the http project: starts one production server for the
 * files that use the default configuration (`sharedApp()`). It is not awaited
 * here: global setups run one after another before any test, so the files
 * wait for it to answer instead, while the other projects get going.
 */
export default async function setupSharedApp(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const starting = startApp({}, { port });
  starting.catch((error: unknown) => console.error(`The http project's shared app did not start:`, error));
  project.provide("sharedApp", { origin: `http://localhost:${port}` });
  return async () => {
    const app = await starting.catch(() => undefined);
    await app?.stop();
  };
}
