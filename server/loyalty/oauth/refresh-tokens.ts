import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { tokens, type Token } from "./token-tables";
import { randomHex256, sha256Hex } from "@/server/loyalty/security/digests";
import { revokeTokenFamily } from "./revoke-tokens";

export interface IssueRefreshTokenInput {
  familyId: string;
  familyExpiresAt: Date;
  clientDbId: number;
  partnerDbId: number;
  memberDbId?: number;
  programmeDbId?: number;
  scope?: string;
  authorisationCodeHash?: string;
  now?: Date;
}

/** An opaque refresh token; only its hash is stored. */
export async function issueRefreshToken(
  db: Database,
  input: IssueRefreshTokenInput,
): Promise<{ token: string; expiresIn: number }> {
  const now = input.now ?? new Date();
  const token = randomHex256();
  await db.insert(tokens).values({
    id: randomUUID(),
    kind: "refresh",
    familyId: input.familyId,
    clientId: input.clientDbId,
    partnerId: input.partnerDbId,
    memberId: input.memberDbId,
    programmeId: input.programmeDbId,
    scope: input.scope ?? null,
    tokenHash: sha256Hex(token),
    authorisationCodeHash: input.authorisationCodeHash,
    issuedAt: now,
    expiresAt: input.familyExpiresAt,
  });
  return { token, expiresIn: Math.max(0, Math.floor((input.familyExpiresAt.getTime() - now.getTime()) / 1000)) };
}

export type RefreshTokenRotation =
  | { rotated: true; record: Token }
  | { rotated: false; reason: "unknown" | "expired" | "revoked" | "reused" | "wrong_client" };

/**
 * Marks a refresh token as used, exactly once, by a conditional update. A
 * token presented again after its rotation is taken as stolen: its whole
 * family is revoked (RFC 9700 §4.14.2).
 */
export async function rotateRefreshToken(
  db: Database,
  token: string,
  clientDbId: number,
  now: Date = new Date(),
): Promise<RefreshTokenRotation> {
  const tokenHash = sha256Hex(token);
  const [record] = await db
    .select()
    .from(tokens)
    .where(and(eq(tokens.tokenHash, tokenHash), eq(tokens.kind, "refresh")))
    .limit(1);
  if (!record) return { rotated: false, reason: "unknown" };
  if (record.clientId !== clientDbId) return { rotated: false, reason: "wrong_client" };
  if (record.revokedAt) return { rotated: false, reason: "revoked" };
  if (record.expiresAt.getTime() <= now.getTime()) return { rotated: false, reason: "expired" };

  const [claimed] = await db
    .update(tokens)
    .set({ rotatedAt: now })
    .where(and(eq(tokens.id, record.id), isNull(tokens.rotatedAt), isNull(tokens.revokedAt)))
    .returning();
  if (claimed) return { rotated: true, record: claimed };

  await revokeTokenFamily(db, { familyId: record.familyId }, now);
  return { rotated: false, reason: "reused" };
}
