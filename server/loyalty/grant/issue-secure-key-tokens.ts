import { randomUUID } from "node:crypto";
import type { Database } from "@/server/db/connect";
import type { AuthorisationCode } from "@/server/loyalty/oauth/token-tables";
import type { Programme } from "@/server/loyalty/programmes/programme-tables";
import { issueAccessToken } from "@/server/loyalty/oauth/access-tokens";
import type { OAuthClientWithPartner } from "@/server/loyalty/oauth/find-oauth-client";
import { refreshFamilySeconds } from "@/server/loyalty/oauth/token-lifetimes";
import { numericTokenId } from "./numeric-token-id";
import { scopeTokens } from "./oauth-scopes";
import { issueRefreshJwt } from "./secure-key-refresh-token";
import type { SecureKeyRequest } from "./secure-key-request";
import type { TokenMember } from "./token-member";

/** Spec, Token (secure key service response); key names chosen in docs/decisions.md. */
export interface SecureKeyTokenBody {
  access_token: string;
  token_type: "bearer";
  refresh_token: string;
  expires_in: number;
  /** Only when the request asked for one. */
  scope?: string;
  /** The access token's `jti`: numeric, as a string. */
  jti: string;
  additional_information: AdditionalInformation;
}

export interface AdditionalInformation {
  /** YYYY-MM-DD, UTC. */
  issue_date: string;
  authentication_status: "AUTHENTICATED";
  requesting_application: string;
  membership_number: string;
  partner_identifier: string;
  programme_identifier: string;
}

export interface SecureKeyTokensInput {
  client: OAuthClientWithPartner;
  member: TokenMember;
  code: AuthorisationCode;
  programme: Programme;
  request: SecureKeyRequest;
  now: Date;
}

/**
 * A4's tokens: an access JWT with the member claims partner operations
 * check, plus `additional_information`, and a JWT refresh token; one family,
 * both bound to the code so that a replay revokes them.
 */
export async function issueSecureKeyTokens(db: Database, input: SecureKeyTokensInput): Promise<SecureKeyTokenBody> {
  const { client, member, code, programme, request, now } = input;
  const additionalInformation: AdditionalInformation = {
    issue_date: now.toISOString().slice(0, 10),
    authentication_status: "AUTHENTICATED",
    requesting_application: request.businessContextIdentifier,
    membership_number: member.membershipNumber,
    partner_identifier: client.partner.partnerIdentifier,
    programme_identifier: request.programmeIdentifier,
  };
  // A requested scope names the token's purpose; otherwise it keeps the login's scopes.
  const scope = request.scope ?? scopeTokens(code.scope).join(" ");
  const shared = {
    familyId: randomUUID(),
    clientDbId: client.client.id,
    partnerDbId: client.partner.id,
    memberDbId: member.memberDbId,
    programmeDbId: programme.id,
    authorisationCodeHash: code.codeHash,
    now,
  };
  const jti = numericTokenId();
  const access = await issueAccessToken(db, {
    ...shared,
    id: jti,
    subject: member.membershipNumber,
    claims: {
      token_use: "member",
      client_id: client.client.clientId,
      partner: client.partner.partnerIdentifier,
      scope,
      authn_level: code.authenticationLevel,
      membership_number: member.membershipNumber,
      programme: programme.identifier,
      additional_information: { ...additionalInformation },
    },
  });
  const refresh = await issueRefreshJwt(db, {
    ...shared,
    subject: member.membershipNumber,
    clientId: client.client.clientId,
    scope,
    familyExpiresAt: new Date(now.getTime() + refreshFamilySeconds * 1000),
  });
  return {
    access_token: access.token,
    token_type: "bearer",
    refresh_token: refresh.token,
    expires_in: access.expiresIn,
    ...(request.scope !== undefined ? { scope: request.scope } : {}),
    jti,
    additional_information: additionalInformation,
  };
}
