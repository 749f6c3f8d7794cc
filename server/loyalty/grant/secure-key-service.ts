import "server-only";
import { redeemAuthorisationCode } from "@/server/loyalty/oauth/authorisation-codes";
import { activeSigningKey } from "@/server/loyalty/oauth/signing-keys";
import { authenticateBasicClient } from "./authenticate-client";
import { pkceRefusal } from "./code-bindings";
import { furtherProgrammeOfPartner } from "./further-programme";
import { codeRefusal } from "./grant-refusals";
import { issueSecureKeyTokens, type SecureKeyTokenBody } from "./issue-secure-key-tokens";
import { grantInTransaction } from "./grant-in-transaction";
import { OAuthError } from "./oauth-error";
import { scopeTokens } from "./oauth-scopes";
import { hasBody } from "./request-parameters";
import { parseSecureKeyRequest } from "./secure-key-request";
import { tokenEndpoint, type TokenRequestContext } from "./token-endpoint";
import { findTokenMember, mayReceiveTokens } from "./token-member";
import { clientTime } from "./client-time";

/**
 * A4 `POST {partner_auth_url}/secure/key`: exchanges a code from A3 for the
 * further programmes' tokens. Order of checks: client authentication (401
 * invalid_client), client kind (401 unauthorized), partner status (401
 * access_denied), headers, query, body, programme, then the code.
 */
export async function handleSecureKeyRequest(context: TokenRequestContext): Promise<SecureKeyTokenBody> {
  const { request, db } = context;
  const client = await authenticateBasicClient(db, request.headers.get("authorization"));
  context.logFields.clientId = client.client.clientId;
  if (client.client.kind !== "further_programmes") {
    throw new OAuthError("unauthorized", "client not registered for the further programmes");
  }
  if (client.partner.status !== "ACTIVE") throw new OAuthError("access_denied", "partner not active");

  const input = parseSecureKeyRequest(request, client);
  if (await hasBody(request))
    throw new OAuthError("invalid_request", "request body not allowed: send parameters in the query");
  const programme = await furtherProgrammeOfPartner(db, input.programmeIdentifier, client.partner.id);

  // Outside the transaction, for the reason given in grant-service.ts.
  await activeSigningKey(db);
  const now = await clientTime(db, client, context);
  // As in A2, the code is claimed first: any later refusal still spends it.
  return grantInTransaction(db, async (tx) => {
    const redemption = await redeemAuthorisationCode(tx, input.code, client.client.id, now);
    if (!redemption.redeemed) return codeRefusal(redemption.reason);
    const code = redemption.code;
    if (code.programmeId !== programme.id)
      return new OAuthError("invalid_grant", "authorisation code issued for another programme");
    const pkce = pkceRefusal(code, input.codeVerifier);
    if (pkce) return pkce;
    if (input.scope !== undefined && !scopeTokens(code.scope).includes(input.scope)) {
      return new OAuthError("invalid_scope", "scope not granted at login", { scope: input.scope });
    }
    const member = await findTokenMember(tx, code.memberId);
    if (!member || !mayReceiveTokens(member)) return new OAuthError("access_denied", "member account not usable");
    return issueSecureKeyTokens(tx, { client, member, code, programme, request: input, now });
  });
}

export const secureKeyService = tokenEndpoint({
  name: "secure-key",
  unavailableCode: "temporarily_unavailable",
  handle: handleSecureKeyRequest,
});
