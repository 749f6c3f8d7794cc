import { OAuthError } from "./oauth-error";

/** Every 401 names the scheme to use (RFC 9110 §15.5.2, RFC 6749 §5.2). */
export const basicChallenge = 'Basic realm="loyalty"';

export interface OAuthErrorBody {
  error: string;
  error_description?: string;
  scope?: string;
}

/** Spec, OAuth error resource: `error_description` is alphanumeric plus colon and space. */
export function cleanDescription(description: string): string {
  return description
    .replace(/[^A-Za-z0-9: ]/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

export function oauthErrorBody(error: OAuthError): OAuthErrorBody {
  const description = error.description === undefined ? "" : cleanDescription(error.description);
  return {
    error: error.code,
    ...(description ? { error_description: description } : {}),
    ...echoedScope(error.options.scope),
  };
}

/** Token responses and refusals must not be cached (RFC 6749 §5.1). */
export const noStoreHeaders = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;

export function oauthErrorResponse(error: OAuthError, requestId: string): Response {
  return Response.json(oauthErrorBody(error), {
    status: error.status,
    headers: {
      ...noStoreHeaders,
      "X-Request-Id": requestId,
      ...(error.status === 401 ? { "WWW-Authenticate": basicChallenge } : {}),
      ...error.options.headers,
    },
  });
}

/** A refused scope worth naming back: scope-like text (letters, digits, `_ . : -` and spaces), not whatever a caller chose to send. */
const plainScope = /^[A-Za-z0-9_.: -]{1,200}$/;

/** The refused scope as sent when it is plain; otherwise no `scope` field at all. */
function echoedScope(scope: string | undefined): { scope?: string } {
  return scope !== undefined && plainScope.test(scope) ? { scope } : {};
}
