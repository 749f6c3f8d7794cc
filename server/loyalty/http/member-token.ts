import "server-only";
import type { Database } from "@/server/db/connect";
import type { Partner } from "@/server/loyalty/partners/partner-tables";
import {
  isAccessTokenLive,
  verifyAccessToken,
  verifyAccessTokenSignature,
  type VerifiedClaims,
} from "@/server/loyalty/oauth/access-tokens";
import type { ErrorName } from "@/lib/contract/error-catalogue";
import { ServiceError } from "./service-error";
import type { RequestHeaders } from "./partner-request";

/** The member an operation acts for, as the verified access token says. */
export interface AuthenticatedMember {
  membershipNumber: string;
  programmeIdentifier: string;
  scopes: ReadonlySet<string>;
  claims: VerifiedClaims;
}

export interface AuthenticateMemberOptions {
  invalidToken?: ErrorName;
  /**
   * `false` leaves the revocation check to the caller: an operation whose
   * write statement is guarded by the token's liveness (see
   * OperationDefinition.tokenRevocation). Everything else is still checked.
   */
  checkRevocation?: boolean;
  /** The time the token's expiry is checked against: the partner's clock (real time by default). */
  now?: Date;
}

/** Sent with every 401 of a partner operation (RFC 6750 §3). */
export const bearerChallenge = { "WWW-Authenticate": 'Bearer realm="loyalty", error="invalid_token"' };

/**
 * Reads the member token from `Authorization` (`Bearer <jwt>`, or the bare
 * JWT the further programmes' operations document) and verifies it: a
 * member token, of the partner that owns the api_key, not expired or revoked.
 */
export async function authenticateMember(
  db: Database,
  request: RequestHeaders,
  partner: Partner,
  options: AuthenticateMemberOptions = {},
): Promise<AuthenticatedMember> {
  const claims = await readAccessToken(db, request, options);
  return memberOfToken(claims, partner, options.invalidToken);
}

/**
 * The access token of `Authorization`, verified (signature, expiry and, unless
 * deferred, revocation), whoever it was issued for: a member or a partner's client.
 */
export async function readAccessToken(
  db: Database,
  request: RequestHeaders,
  options: AuthenticateMemberOptions = {},
): Promise<VerifiedClaims> {
  const invalidToken = options.invalidToken ?? "TOKEN_INVALID";
  const header = request.headers.get("authorization");
  if (header === null) {
    throw new ServiceError("TOKEN_INVALID", {
      developerMessage: "Send the member's access token in Authorization.",
      headers: bearerChallenge,
    });
  }
  if (header.trim() === "" || /^bearer\s*$/i.test(header.trim())) {
    // An operation whose table names its own "invalid token value" (P5's E8) answers an empty one with it too.
    throw new ServiceError(options.invalidToken ?? "TOKEN_EMPTY", {
      developerMessage: "The Authorization header is empty.",
      headers: bearerChallenge,
    });
  }
  const token = header.replace(/^bearer\s+/i, "").trim();
  const check =
    options.checkRevocation === false
      ? await verifyAccessTokenSignature(db, token, options.now)
      : await verifyAccessToken(db, token, options.now);
  if (!check.valid) {
    throw new ServiceError(invalidToken, {
      developerMessage: `The access token is ${check.reason}.`,
      headers: bearerChallenge,
    });
  }
  return check.claims;
}

/** The member a verified token acts for: a member token of the api_key's partner. */
export function memberOfToken(
  claims: VerifiedClaims,
  partner: Partner,
  invalidToken: ErrorName = "TOKEN_INVALID",
): AuthenticatedMember {
  if (claims.token_use !== "member" || !claims.membership_number || !claims.programme) {
    throw new ServiceError(invalidToken, {
      developerMessage: "A member's access token is required.",
      headers: bearerChallenge,
    });
  }
  if (claims.partner !== partner.partnerIdentifier) {
    throw new ServiceError(invalidToken, {
      developerMessage: "The token was issued to another partner.",
      headers: bearerChallenge,
    });
  }
  return {
    membershipNumber: claims.membership_number,
    programmeIdentifier: claims.programme,
    scopes: new Set((claims.scope ?? "").split(" ").filter(Boolean)),
    claims,
  };
}

/** The answer to a member token revoked since it was issued. */
export function revokedTokenError(invalidToken: ErrorName = "TOKEN_INVALID"): ServiceError {
  return new ServiceError(invalidToken, { developerMessage: "The access token is revoked.", headers: bearerChallenge });
}

/** The revocation check an operation deferred: refuses a token revoked since it was issued. */
export async function requireLiveMemberToken(
  db: Database,
  member: AuthenticatedMember,
  invalidToken?: ErrorName,
): Promise<void> {
  if (!(await isAccessTokenLive(db, member.claims.jti))) throw revokedTokenError(invalidToken);
}

/**
 * The account in the path must be the token's own, in the token's programme:
 * one member's token never reaches another's data.
 */
export function requireOwnAccount(
  member: AuthenticatedMember,
  programmeIdentifier: string,
  accountIdentifier: string,
): void {
  if (
    member.membershipNumber !== accountIdentifier ||
    member.programmeIdentifier !== programmeIdentifier.toUpperCase()
  ) {
    throw new ServiceError("MEMBER_NOT_AUTHORIZED", { headers: bearerChallenge });
  }
}
