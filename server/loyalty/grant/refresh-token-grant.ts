import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/server/db/connect";
import { authorisationCodes } from "@/server/loyalty/oauth/token-tables";
import { rotateRefreshToken } from "@/server/loyalty/oauth/refresh-tokens";
import { opaqueValuePattern, type GrantContext } from "./grant-context";
import { refreshRefusal } from "./grant-refusals";
import { issueMemberTokens } from "./issue-member-tokens";
import { grantInTransaction } from "./grant-in-transaction";
import { OAuthError } from "./oauth-error";
import { ensureWithinGrant, parseRequestedScope, scopeTokens } from "./oauth-scopes";
import { parseParameters } from "./parse-parameters";
import { memberAuthenticationLevel, type GrantTokenBody } from "./token-response";
import { findTokenMember, mayReceiveTokens } from "./token-member";

const parametersSchema = z.object({
  refresh_token: z.string().regex(opaqueValuePattern, "refresh token unknown"),
  scope: z.string().optional(),
});

/**
 * `grant_type=refresh_token`: rotates the refresh token (a new one each
 * time, same family, same end) and issues a new access token. A rotated
 * token presented again revokes the whole family (rotateRefreshToken).
 */
export async function refreshTokenGrant(context: GrantContext): Promise<GrantTokenBody> {
  const { db, client, now } = context;
  const parameters = parseParameters(parametersSchema, context.parameters, { refresh_token: "invalid_grant" });
  const requestedScope = parameters.scope === undefined ? undefined : parseRequestedScope(parameters.scope);

  return grantInTransaction(db, async (tx) => {
    const rotation = await rotateRefreshToken(tx, parameters.refresh_token, client.client.id, now);
    if (!rotation.rotated) return refreshRefusal(rotation.reason);
    const record = rotation.record;

    const grantedScope = scopeTokens(record.scope);
    // Thrown, not returned: the rotation is rolled back and the token stays usable.
    if (requestedScope) ensureWithinGrant(requestedScope, grantedScope);

    const member = record.memberId === null ? undefined : await findTokenMember(tx, record.memberId);
    if (!member || !mayReceiveTokens(member)) return new OAuthError("invalid_grant", "member account not usable");

    const authenticationLevel = await loginAuthenticationLevel(tx, record.authorisationCodeHash);
    const tokens = await issueMemberTokens(tx, {
      client,
      member,
      familyId: record.familyId,
      familyExpiresAt: record.expiresAt,
      authenticationLevel,
      accessScope: requestedScope ?? grantedScope,
      refreshScope: grantedScope,
      authorisationCodeHash: record.authorisationCodeHash ?? undefined,
      now,
    });
    return {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      scope: authenticationLevel,
      token_type: "bearer",
      expires_in: tokens.expiresIn,
    } satisfies GrantTokenBody;
  });
}

/**
 * A refreshed token keeps the level of the login that started its family
 * (refreshing is not authenticating again); the level is read from that
 * login's authorisation code, which the tokens table does not repeat.
 */
async function loginAuthenticationLevel(db: Database, codeHash: string | null): Promise<string> {
  if (codeHash === null) return memberAuthenticationLevel;
  const [code] = await db
    .select({ level: authorisationCodes.authenticationLevel })
    .from(authorisationCodes)
    .where(eq(authorisationCodes.codeHash, codeHash))
    .limit(1);
  return code?.level ?? memberAuthenticationLevel;
}
