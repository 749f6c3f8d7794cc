/** Where a member is sent back after signing in when nothing else was asked for. */
export const defaultAfterLogin = "/account";

// Any origin of our own choosing: only the path and query of what resolves against it are ever used.
const placeholderOrigin = "http://portal.invalid";

// Browsers drop tabs and line breaks from URLs and a header cannot hold a line break, so
// "/\t/evil.example" would leave the site and "/\r\n..." would break the answer: none is a path of ours.
const forbiddenCharacter = /[\s\p{Cc}\\]/u;

/**
 * The path and query of `value` when it names a page of `origin`, as the
 * URL parser re-serialises them (so what is followed is what was checked);
 * undefined for another origin, control characters, whitespace,
 * backslashes or a path that begins with `//`. Absolute URLs of `origin`
 * itself are accepted.
 */
export function sameOriginPath(value: unknown, origin: string = placeholderOrigin): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > 1_000) return undefined;
  if (forbiddenCharacter.test(value)) return undefined;
  let resolved: URL;
  let base: URL;
  try {
    base = new URL(origin);
    resolved = new URL(value, base);
  } catch {
    return undefined;
  }
  // Dot segments can leave "//host" at the front ("/.//evil.example"), which a Location would follow elsewhere.
  if (resolved.origin !== base.origin || resolved.pathname.startsWith("//")) return undefined;
  return `${resolved.pathname}${resolved.search}`;
}

const loopingPath = /^\/(?:login|api\/auth)(?:[/?]|$)/;

/**
 * A callback URL the portal will follow: a path of this site only. Absolute
 * URLs, protocol-relative `//host`, backslash tricks and hidden characters
 * fall back to the default, so /login?callbackUrl=... cannot send a member
 * elsewhere; so do the login pages themselves, which would loop.
 */
export function safeCallbackPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return defaultAfterLogin;
  const path = sameOriginPath(value);
  if (path === undefined || loopingPath.test(path)) return defaultAfterLogin;
  return path;
}

export type LoginReason = "session-expired" | "signed-out";

/** The login page, with the page to come back to and why the member is there. */
export function loginPath(callbackPath?: string, reason?: LoginReason): string {
  const query = new URLSearchParams();
  if (callbackPath !== undefined) query.set("callbackUrl", safeCallbackPath(callbackPath));
  if (reason) query.set("reason", reason);
  const search = query.toString();
  return search ? `/login?${search}` : "/login";
}
