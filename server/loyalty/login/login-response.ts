import type { SafeHtml } from "./html";
import { loginStyleSource } from "./render-login-page";

/** Headers every answer of the login pages carries, pages and redirects alike. */
function baseHeaders(): Headers {
  return new Headers({
    // A login page must never come back from a cache, shared or not.
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
  });
}

/**
 * The CSP source of a redirect URI's origin. Browsers apply `form-action` to
 * the redirect that follows a form submission too, so the partner's callback
 * must be allowed or the code would never reach it.
 */
function redirectSource(redirectUri: string): string | undefined {
  try {
    const url = new URL(redirectUri);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : url.protocol;
  } catch {
    return undefined;
  }
}

export interface HtmlResponseOptions {
  status: number;
  /** The form's redirect URI, when the page holds the login form. */
  formRedirectUri?: string;
  cookies?: string[];
  /** Further headers, e.g. Retry-After and the RateLimit fields. */
  headers?: Record<string, string>;
}

export function htmlResponse(page: SafeHtml, options: HtmlResponseOptions): Response {
  const headers = baseHeaders();
  const formTarget = options.formRedirectUri ? redirectSource(options.formRedirectUri) : undefined;
  const formAction = options.formRedirectUri ? ["'self'", formTarget].filter(Boolean).join(" ") : "'none'";
  headers.set(
    "Content-Security-Policy",
    `default-src 'none'; style-src ${loginStyleSource}; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  );
  headers.set("Content-Type", "text/html; charset=utf-8");
  for (const cookie of options.cookies ?? []) headers.append("Set-Cookie", cookie);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return new Response(page.value, { status: options.status, headers });
}

export function redirectResponse(location: string, cookies: string[] = []): Response {
  const headers = baseHeaders();
  headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  headers.set("Location", location);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}
