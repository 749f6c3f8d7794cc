import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pageSecurityHeaders } from "@/lib/portal/security-headers";
import { isSandboxOnlyPath } from "@/lib/sandbox/sandbox-only-paths";

// Kept in step with server/portal/auth/member-session.ts (requestedPathHeader)
// and next-auth's cookie names; the proxy imports nothing server-only.
const requestedPathHeader = "x-portal-path";
// Kept in step with server/portal/i18n/request-config.ts: the path a page's language depends on.
const pagePathHeader = "x-page-path";
const sessionCookies = ["next-auth.session-token", "__Secure-next-auth.session-token"];
const memberPages = /^\/(?:account|transactions|profile|shop|orders)(?:\/|$)/;
// Kept in step with server/portal/staff/staff-session.ts (the console's own cookie, scoped to /staff).
const staffCookies = ["staff_session", "__Secure-staff_session"];
const staffPages = /^\/staff(?:\/|$)/;
const staffLogin = /^\/staff\/login(?:\/|$)/;
// The payments sandbox is matched only for live mode's refusal: its API answers keep their own headers.
const paymentsSandbox = /^\/payments-sandbox(?:\/|$)/;

/**
 * Every portal page: a fresh nonce and the security headers
 * (lib/portal/security-headers.ts). Next.js reads the nonce from the
 * request's Content-Security-Policy and puts it on its own scripts.
 *
 * Member pages: without a session cookie at all, straight to the login page
 * with the page to come back to; staff pages likewise to the staff login. With one, the page asked for is passed on
 * in a request header, so requireMemberSession() can send the member back
 * here when the session behind the cookie has ended.
 *
 * Live mode: the sandbox-only paths (lib/sandbox/sandbox-only-paths.ts) answer 404 here.
 */
export function proxy(request: NextRequest): NextResponse {
  const path = request.nextUrl.pathname;
  // Read raw: env.ts is server-only, and it already refused to start on any APP_MODE but "sandbox" or "live".
  const live = process.env.APP_MODE === "live";
  if (!live && paymentsSandbox.test(path)) return NextResponse.next();
  const nonce = newNonce();
  const security = pageSecurityHeaders({
    nonce,
    development: process.env.NODE_ENV === "development",
    https: request.nextUrl.protocol === "https:",
    formTargets: loginPageOrigins(),
  });
  const response =
    live && isSandboxOnlyPath(path)
      ? notServedHere()
      : memberPages.test(path)
        ? guardMemberPage(request, nonce, security)
        : staffPages.test(path) && !staffLogin.test(path)
          ? guardStaffPage(request, nonce, security)
          : pass(request, nonce, security);
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  return response;
}

let loginOrigins: string[] | undefined;

/**
 * Where the sign-in form's redirects lead when the service runs elsewhere: the origins of LOYALTY_AUTH_URL and
 * LOYALTY_PARTNER_AUTH_URL (read raw, as APP_MODE above; env.ts has already checked them). Without them the
 * programmes' login pages are on this origin.
 */
function loginPageOrigins(): string[] {
  loginOrigins ??= [process.env.LOYALTY_AUTH_URL, process.env.LOYALTY_PARTNER_AUTH_URL].flatMap((url) => {
    try {
      return url ? [new URL(url).origin] : [];
    } catch {
      return [];
    }
  });
  return loginOrigins;
}

/**
 * Live mode at a sandbox-only path (lib/sandbox/sandbox-only-paths.ts), whatever the
 * method: 404 before any page, route or server action runs, as at any path
 * the app does not have. Answered here rather than rewritten to a page: a
 * rewritten server action would still be looked up by its id.
 */
function notServedHere(): NextResponse {
  return new NextResponse(notFoundPage, {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

// The words of the portal's own 404 page (app/not-found.tsx, messages/en.json), without its styles or scripts.
const notFoundPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found</title></head>
<body><main><h1>Page not found</h1><p>There is no page at this address. It may have moved, or the link is mistyped.</p><p><a href="/">Home</a></p></main></body></html>
`;

function guardMemberPage(request: NextRequest, nonce: string, security: Record<string, string>): NextResponse {
  const requested = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (!sessionCookies.some((name) => request.cookies.has(name))) {
    const login = new URL("/login", request.url);
    login.searchParams.set("callbackUrl", requested);
    return NextResponse.redirect(login);
  }
  return pass(request, nonce, security, { [requestedPathHeader]: requested });
}

/** Staff pages: without the console's cookie, straight to its own login page (never the members'). */
function guardStaffPage(request: NextRequest, nonce: string, security: Record<string, string>): NextResponse {
  const requested = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (!staffCookies.some((name) => request.cookies.has(name))) {
    const login = new URL("/staff/login", request.url);
    login.searchParams.set("next", requested);
    return NextResponse.redirect(login);
  }
  return pass(request, nonce, security, { [requestedPathHeader]: requested });
}

function pass(
  request: NextRequest,
  nonce: string,
  security: Record<string, string>,
  extra: Record<string, string> = {},
): NextResponse {
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set(pagePathHeader, request.nextUrl.pathname);
  headers.set("Content-Security-Policy", security["Content-Security-Policy"]!);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages, and the payments sandbox for live mode's refusal: the service's surfaces (/api, /oauth,
  // /partner-oauth) and static files keep their own headers. /api/auth is next-auth's JSON and redirects, no pages.
  matcher: ["/((?!(?:api|oauth|partner-oauth)(?:/|$)|_next/static/|_next/image(?:/|$)|favicon\\.ico$).*)"],
};
