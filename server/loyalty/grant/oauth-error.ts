/**
 * The token services' error codes (RFC 6749 §5.2 plus the secure key
 * service's table E3) and the HTTP status each answers with. The mapping to
 * table E2 is recorded in docs/decisions.md.
 */
export const oauthErrorStatuses = {
  invalid_request: 400,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  invalid_client: 401,
  /** E3: the client may not request a token this way. */
  unauthorized: 401,
  /** E3: the authorisation server denies the request (member or partner not usable). */
  access_denied: 401,
  /** E2's METHOD_NOT_ALLOWED, in the OAuth body's lower-case style. */
  method_not_allowed: 405,
  server_error: 500,
  /** E3 gives 500 for it, not RFC 6749's 503. */
  temporarily_unavailable: 500,
} as const;

export type OAuthErrorCode = keyof typeof oauthErrorStatuses;

export interface OAuthErrorOptions {
  /** The requested scope that was refused (invalid_scope only). */
  scope?: string;
  headers?: Record<string, string>;
  /** An HTTP status other than the code's own (413 for a body too large, 429 for too many requests). */
  status?: number;
}

/**
 * A refusal by a token service, rendered as the OAuth error resource. The
 * description is shown to the caller, so it never holds internals.
 */
export class OAuthError extends Error {
  readonly status: number;

  constructor(
    readonly code: OAuthErrorCode,
    readonly description?: string,
    readonly options: OAuthErrorOptions = {},
  ) {
    super(description ? `${code}: ${description}` : code);
    this.name = "OAuthError";
    this.status = options.status ?? oauthErrorStatuses[code];
  }
}
