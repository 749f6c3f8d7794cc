import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie } from "@/lib/http/read-cookie";

/**
 * Double-submit CSRF protection for the login forms: the same random token
 * sits in an HttpOnly cookie scoped to the login path and in a hidden form
 * field. Another site can make a browser post the form, but it cannot read
 * the cookie to copy the token into the form; SameSite=Lax also keeps the
 * cookie off cross-site POSTs in browsers that honour it.
 */
export const csrfCookieName = "login_csrf";
export const csrfFieldName = "csrf";

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function newCsrfToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The token of the request's cookie when it is one of ours, so a second tab does not spoil the first. */
export function csrfTokenFromCookie(request: Request): string | undefined {
  const token = readCookie(request.headers.get("cookie"), csrfCookieName);
  return token !== undefined && tokenPattern.test(token) ? token : undefined;
}

export function csrfCookie(token: string, options: { path: string; secure: boolean }): string {
  return [
    `${csrfCookieName}=${token}`,
    `Path=${options.path}`,
    "HttpOnly",
    "SameSite=Lax",
    // One hour is ample to type a password; an older form gets "session expired".
    "Max-Age=3600",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

export function expiredCsrfCookie(options: { path: string; secure: boolean }): string {
  return [
    `${csrfCookieName}=`,
    `Path=${options.path}`,
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** Compares the cookie's token with the form's in constant time; false when either is missing. */
export function csrfTokensMatch(cookieToken: string | undefined, formToken: string | undefined): boolean {
  if (!cookieToken || !formToken) return false;
  // Digests have equal lengths, which timingSafeEqual needs, whatever was sent.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(cookieToken), digest(formToken));
}
