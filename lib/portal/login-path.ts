/** Where a member is sent back after signing in when nothing else was asked for. */
export const defaultAfterLogin = "/account";

/**
 * A callback URL the portal will follow: a path of this site only. Absolute
 * URLs, protocol-relative `//host` and backslash tricks fall back to the
 * default, so /login?callbackUrl=... cannot send a member elsewhere.
 */
export function safeCallbackPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 1_000) return defaultAfterLogin;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return defaultAfterLogin;
  if (value.startsWith("/login") || value.startsWith("/api/auth")) return defaultAfterLogin;
  return value;
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
