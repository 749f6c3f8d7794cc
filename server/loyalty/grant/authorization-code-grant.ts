import { randomUUID } from "node:crypto";
import { z } from "zod";
import { redeemAuthorisationCode } from "@/server/loyalty/oauth/authorisation-codes";
import { refreshFamilySeconds } from "@/server/loyalty/oauth/token-lifetimes";
import { pkceRefusal, redirectUriRefusal } from "./code-bindings";
import { opaqueValuePattern, type GrantContext } from "./grant-context";
import { codeRefusal } from "./grant-refusals";
import { issueMemberTokens } from "./issue-member-tokens";
import { grantInTransaction } from "./grant-in-transaction";
import { OAuthError } from "./oauth-error";
import { scopeTokens } from "./oauth-scopes";
import { parseParameters } from "./parse-parameters";
import { isWellFormedVerifier } from "./pkce";
import type { GrantTokenBody } from "./token-response";
import { findTokenMember, mayReceiveTokens } from "./token-member";

const parametersSchema = z.object({
  code: z.string().regex(opaqueValuePattern, "authorisation code unknown"),
  redirect_uri: z.string().max(2_000, "redirect uri too long").optional(),
  code_verifier: z.string().refine(isWellFormedVerifier, "code verifier malformed").optional(),
});

/**
 * `grant_type=authorization_code`: a member token for a code from A1. The
 * code is claimed first, so any later refusal (redirect URI, PKCE, member)
 * still spends it: a code gets one attempt.
 */
export async function authorizationCodeGrant(context: GrantContext): Promise<GrantTokenBody> {
  const { db, client, now } = context;
  const parameters = parseParameters(parametersSchema, context.parameters, { code: "invalid_grant" });

  return grantInTransaction(db, async (tx) => {
    const redemption = await redeemAuthorisationCode(tx, parameters.code, client.client.id, now);
    if (!redemption.redeemed) return codeRefusal(redemption.reason);
    const code = redemption.code;

    const bindingRefusal =
      redirectUriRefusal(code, parameters.redirect_uri, client.redirectUris) ??
      pkceRefusal(code, parameters.code_verifier);
    if (bindingRefusal) return bindingRefusal;

    const member = await findTokenMember(tx, code.memberId);
    if (!member || !mayReceiveTokens(member)) return new OAuthError("invalid_grant", "member account not usable");

    const scope = scopeTokens(code.scope);
    const tokens = await issueMemberTokens(tx, {
      client,
      member,
      familyId: randomUUID(),
      familyExpiresAt: new Date(now.getTime() + refreshFamilySeconds * 1000),
      authenticationLevel: code.authenticationLevel,
      accessScope: scope,
      refreshScope: scope,
      authorisationCodeHash: code.codeHash,
      now,
    });
    return {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      scope: code.authenticationLevel,
      token_type: "bearer",
      expires_in: tokens.expiresIn,
      svc_refresh_expires_in: tokens.refreshExpiresIn,
    } satisfies GrantTokenBody;
  });
}
