import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { authorisationCodes, type AuthorisationCode } from "./token-tables";
import { randomHex256, sha256Hex } from "@/server/loyalty/security/digests";
import { findServiceRulesCached } from "@/server/loyalty/rules/cached-service-rules";
import { revokeTokenFamily } from "./revoke-tokens";

export interface IssueAuthorisationCodeInput {
  clientDbId: number;
  memberDbId: number;
  programmeDbId: number;
  redirectUri: string | null;
  scope: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: "S256" | null;
  authenticationLevel: string;
  now?: Date;
}

/** A single-use code: 256 random bits in lowercase hex, valid as the service's rules say (2 minutes), stored hashed. */
export async function issueAuthorisationCode(db: Database, input: IssueAuthorisationCodeInput): Promise<string> {
  const now = input.now ?? new Date();
  const { authorisationCodeSeconds } = await findServiceRulesCached(db);
  const code = randomHex256();
  await db.insert(authorisationCodes).values({
    codeHash: sha256Hex(code),
    clientId: input.clientDbId,
    memberId: input.memberDbId,
    programmeId: input.programmeDbId,
    redirectUri: input.redirectUri,
    scope: input.scope,
    codeChallenge: input.codeChallenge,
    codeChallengeMethod: input.codeChallengeMethod,
    authenticationLevel: input.authenticationLevel,
    expiresAt: new Date(now.getTime() + authorisationCodeSeconds * 1000),
    createdAt: now,
  });
  return code;
}

export type CodeRedemption =
  | { redeemed: true; code: AuthorisationCode }
  | { redeemed: false; reason: "unknown" | "expired" | "reused" | "wrong_client" };

/**
 * Consumes a code exactly once, by a conditional update. A second use fails
 * and revokes every token the first use produced (RFC 6749 §4.1.2).
 */
export async function redeemAuthorisationCode(
  db: Database,
  code: string,
  clientDbId: number,
  now: Date = new Date(),
): Promise<CodeRedemption> {
  const codeHash = sha256Hex(code);
  const [record] = await db.select().from(authorisationCodes).where(eq(authorisationCodes.codeHash, codeHash)).limit(1);
  if (!record) return { redeemed: false, reason: "unknown" };
  if (record.clientId !== clientDbId) return { redeemed: false, reason: "wrong_client" };

  const [claimed] = await db
    .update(authorisationCodes)
    .set({ consumedAt: now })
    .where(and(eq(authorisationCodes.codeHash, codeHash), isNull(authorisationCodes.consumedAt)))
    .returning();
  if (!claimed) {
    await revokeTokenFamily(db, { authorisationCodeHash: codeHash }, now);
    return { redeemed: false, reason: "reused" };
  }
  if (claimed.expiresAt.getTime() <= now.getTime()) return { redeemed: false, reason: "expired" };
  return { redeemed: true, code: claimed };
}
