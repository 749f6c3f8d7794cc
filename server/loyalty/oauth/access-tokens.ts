import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { compactVerify, decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { Database } from "@/server/db/connect";
import { tokens } from "./token-tables";
import { activeSigningKey, signingAlgorithm, signingKeyById } from "./signing-keys";
import { accessTokenSeconds, tokenAudience, tokenIssuer } from "./token-lifetimes";

/** What the service's access tokens assert, beyond the registered JWT claims. */
export interface AccessTokenClaims {
  /** `member` for a member token, `client` for a partner (client credentials) token. */
  token_use: "member" | "client";
  client_id: string;
  partner: string;
  /** Granted OAuth scopes, space separated (e.g. `read reverse_transaction`). */
  scope?: string;
  /** AUTHN-LEVEL-10, -12 or -15. */
  authn_level: string;
  membership_number?: string;
  programme?: string;
  /** Extra claims of the further programmes' secure key tokens. */
  additional_information?: Record<string, string>;
}

/** Claims of a verified token: ours plus the registered ones. */
export type VerifiedClaims = AccessTokenClaims & { jti: string; sub: string; iat: number; exp: number };

export interface IssueAccessTokenInput {
  claims: AccessTokenClaims;
  subject: string;
  familyId: string;
  clientDbId: number;
  partnerDbId: number;
  memberDbId?: number;
  programmeDbId?: number;
  authorisationCodeHash?: string;
  /**
   * The token id (`jti`); a random UUID when absent. The secure key service
   * (A4) passes a numeric one, because its response carries a numeric JWT id.
   */
  id?: string;
  now?: Date;
}

export interface IssuedAccessToken {
  token: string;
  id: string;
  expiresIn: number;
}

/** Signs an access token and records its id, so that it can be revoked before it expires. */
export async function issueAccessToken(db: Database, input: IssueAccessTokenInput): Promise<IssuedAccessToken> {
  const now = input.now ?? new Date();
  const id = input.id ?? randomUUID();
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + accessTokenSeconds) * 1000);
  await db.insert(tokens).values({
    id,
    kind: "access",
    familyId: input.familyId,
    clientId: input.clientDbId,
    partnerId: input.partnerDbId,
    memberId: input.memberDbId,
    programmeId: input.programmeDbId,
    scope: input.claims.scope ?? null,
    authorisationCodeHash: input.authorisationCodeHash,
    issuedAt: now,
    expiresAt,
  });
  const key = await activeSigningKey(db);
  const token = await new SignJWT({ ...input.claims } as JWTPayload)
    .setProtectedHeader({ alg: signingAlgorithm, kid: key.kid, typ: "at+jwt" })
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setSubject(input.subject)
    .setJti(id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key.privateKey);
  return { token, id, expiresIn: accessTokenSeconds };
}

export type AccessTokenCheck =
  { valid: true; claims: VerifiedClaims } | { valid: false; reason: "malformed" | "signature" | "expired" | "revoked" };

/**
 * Signatures already verified by this instance. A signed token never changes,
 * so checking its signature once is enough; expiry and revocation are still
 * checked on every use (revocation in the database, shared by all instances).
 * An ES256 verification costs more CPU than the rest of a debit's handling.
 */
const verifiedSignatures = new Map<string, { payload: JWTPayload; kid: string }>();
const maximumVerifiedSignatures = 10_000;

/** Verifies signature, issuer, audience and expiry, then that the token was not revoked. */
export async function verifyAccessToken(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<AccessTokenCheck> {
  const check = await verifyAccessTokenSignature(db, token, now);
  if (!check.valid) return check;
  return (await isAccessTokenLive(db, check.claims.jti)) ? check : { valid: false, reason: "revoked" };
}

/**
 * Signature, issuer, audience and expiry only: the caller owes the revocation
 * check (isAccessTokenLive, or a write statement guarded the same way).
 */
export async function verifyAccessTokenSignature(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<AccessTokenCheck> {
  const remembered = verifiedSignatures.get(token);
  if (remembered) {
    const { payload } = remembered;
    if (typeof payload.exp !== "number" || payload.exp * 1000 <= now.getTime()) {
      verifiedSignatures.delete(token);
      return { valid: false, reason: "expired" };
    }
    // A key retired since (and past its time to verify) no longer vouches for what it signed.
    if (!(await signingKeyById(db, remembered.kid, now))) {
      verifiedSignatures.delete(token);
      return { valid: false, reason: "signature" };
    }
    return { valid: true, claims: payload as unknown as VerifiedClaims };
  }

  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return { valid: false, reason: "malformed" };
  }
  const key = kid ? await signingKeyById(db, kid, now) : undefined;
  if (!key || !kid) return { valid: false, reason: "signature" };

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key.publicKey, {
      issuer: tokenIssuer,
      audience: tokenAudience,
      algorithms: [signingAlgorithm],
      currentDate: now,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { valid: false, reason: "expired" };
    return { valid: false, reason: "signature" };
  }
  if (typeof payload.jti !== "string" || typeof payload.sub !== "string") return { valid: false, reason: "malformed" };
  if (verifiedSignatures.size >= maximumVerifiedSignatures) verifiedSignatures.clear();
  verifiedSignatures.set(token, { payload, kid });
  return { valid: true, claims: payload as unknown as VerifiedClaims };
}

/** Whether the access token with this id was issued here and not revoked since. */
export async function isAccessTokenLive(db: Database, tokenId: string): Promise<boolean> {
  const [record] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(and(eq(tokens.id, tokenId), eq(tokens.kind, "access"), isNull(tokens.revokedAt)))
    .limit(1);
  return record !== undefined;
}

/**
 * The id (`jti`) of an access token this service signed with a key that
 * still verifies, expired or not (revocation, RFC 7009, also takes expired
 * tokens); undefined for anything else.
 */
export async function signedAccessTokenId(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<string | undefined> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return undefined;
  }
  const key = kid ? await signingKeyById(db, kid, now) : undefined;
  if (!key) return undefined;
  try {
    const { payload } = await compactVerify(token, key.publicKey, { algorithms: [signingAlgorithm] });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as JWTPayload;
    return typeof claims.jti === "string" ? claims.jti : undefined;
  } catch {
    return undefined;
  }
}
