import { inject } from "vitest";
import sandbox from "@/sandbox.json";
import { startApp, type RunningApp } from "./start-app";

/**
 * The production server in its default configuration, shared by the http
 * files that need nothing else (started by the project's global setup; its
 * `stop` does nothing, the run's teardown stops it). Files keep out of each
 * other's way by their data. Outside the http project it is an app of the
 * file's own.
 */
export async function sharedApp(): Promise<RunningApp> {
  const shared = inject("sharedApp");
  if (!shared) return startApp();
  const probe = `${shared.origin}/api/v1/programmes?api_key=${sandbox.partners[0]!.apiKeys.staging}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(probe)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (Date.now() >= deadline)
    throw new Error(`the http project's shared app did not answer within 120 s (its error is in the run's output)`);
  const port = Number(new URL(shared.origin).port);
  return {
    origin: shared.origin,
    port,
    pid: 0,
    output: () => "",
    stop: async () => undefined,
  };
}
