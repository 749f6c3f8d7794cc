import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import type { Database } from "@/server/db/connect";
import { tokens } from "@/server/loyalty/oauth/token-tables";
import { activeSigningKey, signingAlgorithm } from "@/server/loyalty/oauth/signing-keys";
import { tokenIssuer } from "@/server/loyalty/oauth/token-lifetimes";
import { sha256Hex } from "@/server/loyalty/security/digests";

export interface RefreshJwtInput {
  subject: string;
  clientId: string;
  scope: string;
  familyId: string;
  familyExpiresAt: Date;
  clientDbId: number;
  partnerDbId: number;
  memberDbId: number;
  programmeDbId: number;
  authorisationCodeHash: string;
  now: Date;
}

/**
 * The secure key service's refresh token, a JWT as the spec says. It is
 * recorded like an opaque refresh token, by the SHA-256 of its text, so
 * rotation, replay detection and family revocation treat it the same. Its
 * audience is the authorisation server itself, so it never passes as an
 * access token.
 */
export async function issueRefreshJwt(
  db: Database,
  input: RefreshJwtInput,
): Promise<{ token: string; expiresIn: number }> {
  const id = randomUUID();
  const key = await activeSigningKey(db);
  const token = await new SignJWT({ token_use: "refresh", client_id: input.clientId, scope: input.scope })
    .setProtectedHeader({ alg: signingAlgorithm, kid: key.kid, typ: "JWT" })
    .setIssuer(tokenIssuer)
    .setAudience(tokenIssuer)
    .setSubject(input.subject)
    .setJti(id)
    .setIssuedAt(Math.floor(input.now.getTime() / 1000))
    .setExpirationTime(input.familyExpiresAt)
    .sign(key.privateKey);
  await db.insert(tokens).values({
    id,
    kind: "refresh",
    familyId: input.familyId,
    clientId: input.clientDbId,
    partnerId: input.partnerDbId,
    memberId: input.memberDbId,
    programmeId: input.programmeDbId,
    scope: input.scope,
    tokenHash: sha256Hex(token),
    authorisationCodeHash: input.authorisationCodeHash,
    issuedAt: input.now,
    expiresAt: input.familyExpiresAt,
  });
  return { token, expiresIn: Math.max(0, Math.floor((input.familyExpiresAt.getTime() - input.now.getTime()) / 1000)) };
}
