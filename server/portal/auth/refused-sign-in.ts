import "server-only";
import { safeCallbackPath, sameOriginPath } from "@/lib/portal/login-path";
import { signInRefusalOf } from "@/lib/portal/sign-in-refusals";

const callbackPath = /^\/api\/auth\/callback\/(loyalty|meridian|horizon)$/;

/**
 * A login page that refuses the member (blocked account, expired
 * password...) redirects to the callback with `error` and
 * `error_description`. next-auth would reduce that to a bare
 * "OAuthCallback"; the login page is told which refusal it was instead, by
 * the portal's own name for it (lib/portal/sign-in-refusals.ts). Anyone can
 * write a link to the callback, so nothing of the description itself is
 * passed on.
 */
export function refusedSignIn(request: Request): Response | undefined {
  if (request.method !== "GET") return undefined;
  const url = new URL(request.url);
  const provider = callbackPath.exec(url.pathname)?.[1];
  const error = url.searchParams.get("error");
  if (!provider || !error) return undefined;
  const login = new URLSearchParams({
    error: "Refused",
    provider,
    refusal: signInRefusalOf(error, url.searchParams.get("error_description")),
  });
  // The page to come back to survives in next-auth's callback-url cookie; only paths of this site are kept.
  const cookie = /(?:^|;\s*)(?:__Secure-)?next-auth\.callback-url=([^;]+)/.exec(
    request.headers.get("cookie") ?? "",
  )?.[1];
  const back = cookie ? sameOriginPath(safeDecode(cookie), url.origin) : undefined;
  if (back) login.set("callbackUrl", safeCallbackPath(back));
  return new Response(null, {
    status: 302,
    headers: { Location: `/login?${login.toString()}`, "Cache-Control": "no-store" },
  });
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
