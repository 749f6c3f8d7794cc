import { noStoreHeaders } from "./render-oauth-error";

/** Spec, Token resource (grant service): these fields and no others. */
export interface GrantTokenBody {
  access_token: string;
  /** authorization_code and refresh_token grants only. */
  refresh_token?: string;
  /** The authentication level (AUTHN-LEVEL-10/12/15), not the OAuth scopes. */
  scope: string;
  token_type: "bearer";
  expires_in: number;
  /** authorization_code grant only: seconds left in the refresh family. */
  svc_refresh_expires_in?: number;
}

/** Authentication level of a partner (client credentials) token. */
export const clientAuthenticationLevel = "AUTHN-LEVEL-10";

/** Level a member token falls back to when its login's level is no longer on record. */
export const memberAuthenticationLevel = "AUTHN-LEVEL-12";

export function tokenResponse(body: object, requestId: string): Response {
  return Response.json(body, { status: 200, headers: { ...noStoreHeaders, "X-Request-Id": requestId } });
}
