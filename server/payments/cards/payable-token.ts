import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "../db/payments-database";
import { authorisations, cardTokens, charges } from "../db/schema";
import { PaymentsError } from "../payments-error";

/**
 * The token a charge or an authorisation pays with: it exists, has not
 * expired, and has paid nothing yet (a token is charged or authorised once;
 * the unique token columns decide a race between the two checks and the insert).
 */
export async function findPayableToken(db: Database, tokenId: string, now: Date) {
  const [token] = await db.select().from(cardTokens).where(eq(cardTokens.id, tokenId)).limit(1);
  if (!token) throw new PaymentsError("token_not_found", { param: "token" });
  if (token.expiresAt.getTime() <= now.getTime()) throw new PaymentsError("token_expired", { param: "token" });
  const [charged] = await db.select({ id: charges.id }).from(charges).where(eq(charges.tokenId, token.id)).limit(1);
  const [held] = charged
    ? [charged]
    : await db
        .select({ id: authorisations.id })
        .from(authorisations)
        .where(eq(authorisations.tokenId, token.id))
        .limit(1);
  if (held) throw new PaymentsError("token_already_used", { param: "token" });
  return token;
}
