import "server-only";
import { safeCallbackPath } from "@/lib/portal/login-path";

const callbackPath = /^\/api\/auth\/callback\/(loyalty|meridian|horizon)$/;

/**
 * A login page that refuses the member (blocked account, expired
 * password...) redirects to the callback with `error` and
 * `error_description`. next-auth would reduce that to a bare
 * "OAuthCallback"; the login page is told the reason instead, in the OAuth
 * error resource's own alphabet (letters, digits, colon, space).
 */
export function refusedSignIn(request: Request): Response | undefined {
  if (request.method !== "GET") return undefined;
  const url = new URL(request.url);
  const provider = callbackPath.exec(url.pathname)?.[1];
  const error = url.searchParams.get("error");
  if (!provider || !error) return undefined;
  const description = (url.searchParams.get("error_description") ?? "")
    .replace(/[^A-Za-z0-9: ]/g, " ")
    .slice(0, 120)
    .trim();
  const reason = description.includes(":") ? description.slice(description.indexOf(":") + 1).trim() : description;
  const login = new URLSearchParams({ error: "Refused", provider });
  if (reason) login.set("detail", reason);
  // The page to come back to survives in next-auth's callback-url cookie; only paths of this site are kept.
  const cookie = /(?:^|;\s*)(?:__Secure-)?next-auth\.callback-url=([^;]+)/.exec(
    request.headers.get("cookie") ?? "",
  )?.[1];
  if (cookie) {
    try {
      const back = new URL(decodeURIComponent(cookie), url.origin);
      if (back.origin === url.origin) login.set("callbackUrl", safeCallbackPath(`${back.pathname}${back.search}`));
    } catch {
      // not a URL: the default page it is
    }
  }
  return new Response(null, {
    status: 302,
    headers: { Location: `/login?${login.toString()}`, "Cache-Control": "no-store" },
  });
}
