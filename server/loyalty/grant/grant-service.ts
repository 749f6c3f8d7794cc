import "server-only";
import { activeSigningKey } from "@/server/loyalty/oauth/signing-keys";
import { authenticateBasicClient } from "./authenticate-client";
import { authorizationCodeGrant } from "./authorization-code-grant";
import { clientCredentialsGrant } from "./client-credentials-grant";
import type { GrantContext } from "./grant-context";
import { OAuthError } from "./oauth-error";
import { refreshTokenGrant } from "./refresh-token-grant";
import { readFormParameters } from "./request-parameters";
import { tokenEndpoint, type TokenRequestContext } from "./token-endpoint";
import type { GrantTokenBody } from "./token-response";
import { clientTime } from "./client-time";

const grants = new Map<string, (context: GrantContext) => Promise<GrantTokenBody>>([
  ["authorization_code", authorizationCodeGrant],
  ["client_credentials", clientCredentialsGrant],
  ["refresh_token", refreshTokenGrant],
]);

/**
 * A2 `POST {auth_url}/api/grant`. Order of checks: client authentication
 * (401), client kind, media type, parameters, grant type, then the grant.
 */
export async function handleGrantRequest(context: TokenRequestContext): Promise<GrantTokenBody> {
  const { request, db } = context;
  const client = await authenticateBasicClient(db, request.headers.get("authorization"));
  context.logFields.clientId = client.client.clientId;
  context.partnerId = client.partner.id;
  if (client.partner.status !== "ACTIVE") throw new OAuthError("invalid_client", "client not active");
  if (client.client.kind !== "member_login") {
    throw new OAuthError("unauthorized_client", "client not registered for the grant service");
  }

  const parameters = await readFormParameters(request);
  // RFC 6749 §2.3: one authentication method per request, and it is Basic here.
  if (parameters.client_secret !== undefined) {
    throw new OAuthError("invalid_request", "client secret belongs in the authorization header only");
  }
  if (parameters.client_id !== undefined && parameters.client_id !== client.client.clientId) {
    throw new OAuthError("invalid_client", "client id does not match the authorization header");
  }

  const grantType = parameters.grant_type;
  if (grantType === undefined) throw new OAuthError("invalid_request", "grant type missing");
  const grant = grants.get(grantType);
  if (!grant) throw new OAuthError("unsupported_grant_type", "grant type not supported");
  context.logFields.grantType = grantType;

  // Makes sure a signing key exists outside the grant's transaction: a key
  // first created inside one that then rolls back would be cached but lost.
  await activeSigningKey(db);
  const now = await clientTime(db, client, context);
  return grant({ db, client, parameters, now });
}

export const grantService = tokenEndpoint({
  name: "grant-service",
  requestLogOperation: "grant-token",
  unavailableCode: "server_error",
  handle: handleGrantRequest,
});
