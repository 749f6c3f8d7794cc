import { and, eq, isNull, or } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { tokens, type Token } from "./token-tables";
import { sha256Hex } from "@/server/loyalty/security/digests";
import { signedAccessTokenId } from "./access-tokens";

/**
 * Revokes every token of a family, and every token issued from one
 * authorisation code: what a replayed code or refresh token calls for.
 */
export async function revokeTokenFamily(
  db: Database,
  which: { familyId?: string; authorisationCodeHash?: string },
  now: Date = new Date(),
): Promise<number> {
  const conditions = [
    which.familyId ? eq(tokens.familyId, which.familyId) : undefined,
    which.authorisationCodeHash ? eq(tokens.authorisationCodeHash, which.authorisationCodeHash) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return 0;
  const revoked = await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(or(...conditions), isNull(tokens.revokedAt)))
    .returning({ id: tokens.id });
  return revoked.length;
}

export type TokenRevocation = "revoked" | "unknown" | "another_client";

/**
 * RFC 7009 revocation of a token the client holds: an access token (a JWT
 * this service signed, found by its `jti`) or a refresh token (found by its
 * hash; the secure key service's JWT refresh tokens are recorded the same
 * way). Either way its whole family goes: every access and refresh token
 * descending from the same login, so signing out ends them all. The hint
 * only decides which kind is looked up first; an unknown token is "unknown"
 * (the endpoint still answers 200, RFC 7009 §2.2), another client's token is
 * left alone.
 */
export async function revokeToken(
  db: Database,
  input: { token: string; hint?: string; clientDbId: number; now?: Date },
): Promise<TokenRevocation> {
  const now = input.now ?? new Date();
  const lookups = [() => refreshTokenRecord(db, input.token), () => accessTokenRecord(db, input.token, now)];
  if (input.hint === "access_token") lookups.reverse();
  for (const lookup of lookups) {
    const record = await lookup();
    if (!record) continue;
    if (record.clientId !== input.clientDbId) return "another_client";
    await revokeTokenFamily(db, { familyId: record.familyId }, now);
    return "revoked";
  }
  return "unknown";
}

type TokenOwner = Pick<Token, "clientId" | "familyId">;

async function refreshTokenRecord(db: Database, token: string): Promise<TokenOwner | undefined> {
  const [record] = await db
    .select({ clientId: tokens.clientId, familyId: tokens.familyId })
    .from(tokens)
    .where(and(eq(tokens.tokenHash, sha256Hex(token)), eq(tokens.kind, "refresh")))
    .limit(1);
  return record;
}

async function accessTokenRecord(db: Database, token: string, now: Date): Promise<TokenOwner | undefined> {
  const id = await signedAccessTokenId(db, token, now);
  if (id === undefined) return undefined;
  const [record] = await db
    .select({ clientId: tokens.clientId, familyId: tokens.familyId })
    .from(tokens)
    .where(and(eq(tokens.id, id), eq(tokens.kind, "access")))
    .limit(1);
  return record;
}
