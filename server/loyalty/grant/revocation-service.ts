import "server-only";
import { revokeToken } from "@/server/loyalty/oauth/revoke-tokens";
import { authenticateBasicClient } from "./authenticate-client";
import { OAuthError } from "./oauth-error";
import { readFormParameters } from "./request-parameters";
import { tokenEndpoint, type TokenRequestContext } from "./token-endpoint";

/**
 * `POST {auth_url}/api/revoke`, token revocation (RFC 7009), an extension of
 * the spec (docs/decisions.md): the client authenticates as at the grant
 * service (Basic; the further programmes' client with its partner secret),
 * sends `token` and optionally `token_type_hint`, and the token's whole
 * family is revoked. 200 whether or not the token was known (RFC 7009 §2.2),
 * so the answer tells nothing about tokens the caller does not hold.
 */
export async function handleRevocationRequest(context: TokenRequestContext): Promise<Record<string, never>> {
  const { request, db, now } = context;
  const client = await authenticateBasicClient(db, request.headers.get("authorization"));
  context.logFields.clientId = client.client.clientId;
  if (client.partner.status !== "ACTIVE") throw new OAuthError("invalid_client", "client not active");

  const parameters = await readFormParameters(request);
  if (parameters.client_secret !== undefined) {
    throw new OAuthError("invalid_request", "client secret belongs in the authorization header only");
  }
  if (parameters.client_id !== undefined && parameters.client_id !== client.client.clientId) {
    throw new OAuthError("invalid_client", "client id does not match the authorization header");
  }
  const token = parameters.token;
  if (token === undefined) throw new OAuthError("invalid_request", "token missing");

  // RFC 7009 §2.1: an unknown hint is ignored; the token is looked up as either kind.
  const outcome = await revokeToken(db, { token, hint: parameters.token_type_hint, clientDbId: client.client.id, now });
  context.logFields.revocation = outcome;
  if (outcome === "another_client") throw new OAuthError("unauthorized_client", "token issued to another client");
  return {};
}

export const revocationService = tokenEndpoint({
  name: "revocation",
  unavailableCode: "server_error",
  handle: handleRevocationRequest,
});
