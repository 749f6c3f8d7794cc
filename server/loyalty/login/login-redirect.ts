import type { LoginRedirectError } from "./login-request";

/**
 * The redirect URI with parameters added. The registered URI is kept byte
 * for byte (its own query is not re-encoded); parameters are appended with
 * `&` when it already has a query, and a fragment, which RFC 6749 forbids
 * anyway, is dropped.
 */
export function redirectUriWith(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const base = redirectUri.split("#", 1)[0] ?? redirectUri;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) query.append(name, value);
  }
  const encoded = query.toString();
  if (encoded === "") return base;
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${separator}${encoded}`;
}

export function codeRedirect(redirectUri: string, code: string, state: string | undefined): string {
  return redirectUriWith(redirectUri, { code, state });
}

export function errorRedirect(redirectUri: string, error: LoginRedirectError, state: string | undefined): string {
  return redirectUriWith(redirectUri, { error: error.error, error_description: error.description, state });
}

/** E1 401 REQUEST_UNAUTHORIZED / UNAUTHORIZED, for a member whose credentials are right but who may not log in. */
export function unauthorised(reason: string): LoginRedirectError {
  return { error: "REQUEST_UNAUTHORIZED", description: `UNAUTHORIZED: ${reason}` };
}
