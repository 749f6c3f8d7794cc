import "server-only";
import { createHash } from "node:crypto";
import { isLocale } from "@/lib/i18n/locales";
import { safeCallbackPath } from "@/lib/portal/login-path";
import { signInProgrammes } from "@/lib/portal/sign-in-programmes";
import { bodyText, readBodyWithin } from "@/server/http/read-body-within";
import { authSecret } from "./auth-secret";
import { portalAuthOrigin } from "./auth-options";

/** The sign-in form's fields: a provider, the page to come back to, the language and the form's token. */
const maxStartBodyBytes = 2 * 1024;
const formToken = /^[0-9a-f]{64}$/;

/** A fresh token for one sign-in form: 256 random bits, hex, as next-auth writes its own CSRF tokens. */
export function newSignInFormToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
}

/** next-auth's CSRF cookie (its name over https carries `__Host-`, as next-auth's own does). */
function csrfCookie(token: string): string {
  const secure = portalAuthOrigin().startsWith("https://");
  const value = `${token}|${createHash("sha256").update(`${token}${authSecret()}`).digest("hex")}`;
  return `${secure ? "__Host-" : ""}next-auth.csrf-token=${value}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const backToLogin = (callbackUrl?: unknown) =>
  new Response(null, {
    status: 303,
    headers: {
      Location: `/login?${new URLSearchParams({ callbackUrl: safeCallbackPath(callbackUrl) }).toString()}`,
      "Cache-Control": "no-store",
    },
  });

/**
 * The login page's programme buttons are plain forms posted here, so a
 * member's click starts the sign-in whether or not the page's script has
 * run yet (on a busy evening the buttons are on screen long before React
 * has hydrated them, and a click on a button whose handler is not attached
 * does nothing). next-auth's sign-in start wants its CSRF token twice, in a
 * cookie and in the form: the form carries a fresh token, this sets the
 * cookie next-auth checks it against, and sends the same POST on to
 * next-auth's start with 307 (method and body kept), which counts it
 * against the sign-in limit and sends the member to the programme's login
 * page. The token proves nothing by itself, so a post from another site
 * (whose Origin is not this portal's) is sent to the login page instead.
 */
export async function startSignIn(request: Request): Promise<Response> {
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  const fromThisPortal = origin ? origin === new URL(portalAuthOrigin()).origin : site === "same-origin";
  const read = await readBodyWithin(request, maxStartBodyBytes);
  if (!read.ok) return backToLogin();
  const form = new URLSearchParams(bodyText(read.bytes));
  const callbackUrl = form.get("callbackUrl");
  const provider = signInProgrammes.find((programme) => programme.provider === form.get("provider"))?.provider;
  const token = form.get("csrfToken") ?? "";
  if (!fromThisPortal || !provider || !formToken.test(token)) return backToLogin(callbackUrl);
  const locale = form.get("ui_locales");
  const query = isLocale(locale) ? `?${new URLSearchParams({ ui_locales: locale }).toString()}` : "";
  return new Response(null, {
    status: 307,
    headers: {
      Location: `/api/auth/signin/${provider}${query}`,
      "Set-Cookie": csrfCookie(token),
      "Cache-Control": "no-store",
    },
  });
}
