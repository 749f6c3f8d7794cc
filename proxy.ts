import { NextResponse, type NextRequest } from "next/server";

// Kept in step with server/portal/auth/member-session.ts (requestedPathHeader)
// and next-auth's cookie names; the proxy imports nothing server-only.
const requestedPathHeader = "x-portal-path";
const sessionCookies = ["next-auth.session-token", "__Secure-next-auth.session-token"];

/**
 * Member pages: without a session cookie at all, straight to the login page
 * with the page to come back to. With one, the page asked for is passed on
 * in a request header, so requireMemberSession() can send the member back
 * here when the session behind the cookie has ended.
 */
export function proxy(request: NextRequest): NextResponse {
  const requested = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (!sessionCookies.some((name) => request.cookies.has(name))) {
    const login = new URL("/login", request.url);
    login.searchParams.set("callbackUrl", requested);
    return NextResponse.redirect(login);
  }
  const headers = new Headers(request.headers);
  headers.set(requestedPathHeader, requested);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/account/:path*", "/transactions/:path*", "/profile/:path*", "/shop/:path*"],
};
