import type { Database } from "@/server/db/connect";
import type { OAuthClientWithPartner } from "@/server/loyalty/oauth/find-oauth-client";
import { issueAccessToken } from "@/server/loyalty/oauth/access-tokens";
import { issueRefreshToken } from "@/server/loyalty/oauth/refresh-tokens";
import type { TokenMember } from "./token-member";

export interface MemberTokensInput {
  client: OAuthClientWithPartner;
  member: TokenMember;
  familyId: string;
  /** The family's end: set at the code exchange, inherited by every rotation. */
  familyExpiresAt: Date;
  authenticationLevel: string;
  /** OAuth scopes of the access token (may be narrower than the refresh token's). */
  accessScope: readonly string[];
  /** OAuth scopes of the refresh token: always those of the original grant. */
  refreshScope: readonly string[];
  /** Carried by every token of the family, so a replayed code revokes them all. */
  authorisationCodeHash: string | undefined;
  now: Date;
}

export interface MemberTokens {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresIn: number;
}

/** A member's access token (JWT) and opaque refresh token, both of one family. */
export async function issueMemberTokens(db: Database, input: MemberTokensInput): Promise<MemberTokens> {
  const { client, member } = input;
  const shared = {
    familyId: input.familyId,
    clientDbId: client.client.id,
    partnerDbId: client.partner.id,
    memberDbId: member.memberDbId,
    programmeDbId: member.programmeDbId,
    authorisationCodeHash: input.authorisationCodeHash,
    now: input.now,
  };
  const access = await issueAccessToken(db, {
    ...shared,
    subject: member.membershipNumber,
    claims: {
      token_use: "member",
      client_id: client.client.clientId,
      partner: client.partner.partnerIdentifier,
      scope: input.accessScope.join(" "),
      authn_level: input.authenticationLevel,
      membership_number: member.membershipNumber,
      programme: member.programmeIdentifier,
    },
  });
  const refresh = await issueRefreshToken(db, {
    ...shared,
    familyExpiresAt: input.familyExpiresAt,
    scope: input.refreshScope.join(" "),
  });
  return {
    accessToken: access.token,
    expiresIn: access.expiresIn,
    refreshToken: refresh.token,
    refreshExpiresIn: refresh.expiresIn,
  };
}
