import "server-only";
import { safeCallbackPath } from "@/lib/portal/login-path";
import { portalAuthOrigin } from "@/server/portal/auth/auth-options";
import { hitClientRateLimit } from "./client-rate-limit";
import { rateLimitRules } from "./rate-limit-rule";

const signInStart = /^\/api\/auth\/signin\/(loyalty|meridian|horizon)$/;

/**
 * Counts a sign-in start (next-auth's POST /api/auth/signin/{provider})
 * against the client's limit. Within it, undefined: next-auth goes on.
 * Beyond it, the login page saying why: for next-auth's client (which
 * follows the `url` of the JSON it gets back) 429 with Retry-After and that
 * `url`; for the login page's form, a redirect there.
 */
export async function limitSignInStart(request: Request): Promise<Response | undefined> {
  if (request.method !== "POST" || !signInStart.test(new URL(request.url).pathname)) return undefined;
  const decision = await hitClientRateLimit(rateLimitRules().signIn);
  if (decision.allowed) return undefined;
  const form = await request.formData().catch(() => undefined);
  const login = new URLSearchParams({ error: "RateLimited", callbackUrl: safeCallbackPath(form?.get("callbackUrl")) });
  const url = `${portalAuthOrigin()}/login?${login.toString()}`;
  const headers = { "Retry-After": String(decision.retryAfterSeconds), "Cache-Control": "no-store" };
  // The login page's own form (no script involved) is sent back to the page, which says how long to wait.
  if (form?.get("json") !== "true") return new Response(null, { status: 303, headers: { ...headers, Location: url } });
  return Response.json({ url }, { status: 429, headers });
}
