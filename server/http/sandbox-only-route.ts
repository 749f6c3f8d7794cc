import "server-only";
import { env } from "@/server/config/env";

/**
 * Whether this deployment serves the sandbox-only paths (lib/sandbox/sandbox-only-paths.ts):
 * the sandbox does, live mode does not. The proxy refuses them first; the
 * handlers, the console's layout and its actions ask again, so a request
 * that reaches them another way (a server action posted to another page, a
 * proxy left out of a deployment) is refused as well.
 */
export function servesSandboxOnlyPaths(): boolean {
  return env().APP_MODE === "sandbox";
}

/** What a sandbox-only route answers in live mode: a 404, as for any path the app does not have. */
export function notServedHere(): Response {
  return new Response("There is nothing at this address.\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A sandbox-only route handler: in live mode it answers 404 before anything of it runs. */
export function sandboxOnly<Args extends unknown[]>(
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args) => (servesSandboxOnlyPaths() ? handler(...args) : notServedHere());
}
