import { sameOriginPath } from "@/lib/portal/login-path";

/** Where a member of staff lands after signing in when no other console page was asked for. */
export const staffHome = "/staff";

/**
 * A console page to come back to after signing in: a path under /staff of
 * this site (re-serialised by the URL parser, as for members' callback
 * URLs), never the login page itself; anything else is the console's home.
 */
export function safeStaffPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/staff")) return staffHome;
  const path = sameOriginPath(value);
  if (path === undefined || !/^\/staff(?:[/?]|$)/.test(path) || /^\/staff\/login(?:[/?]|$)/.test(path))
    return staffHome;
  return path;
}

/** The staff login page, with the page to come back to. */
export function staffLoginPath(requested?: string, reason?: "signed-out" | "session-ended"): string {
  const query = new URLSearchParams();
  if (requested !== undefined && safeStaffPath(requested) !== staffHome) query.set("next", safeStaffPath(requested));
  if (reason) query.set("reason", reason);
  const search = query.toString();
  return search ? `/staff/login?${search}` : "/staff/login";
}
