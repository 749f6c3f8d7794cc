import { and, eq, isNull, or } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { tokens } from "@/server/db/schema";

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
