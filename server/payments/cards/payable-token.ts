import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "../db/payments-database";
import { authorisations, cardTokens, charges } from "../db/schema";
import { PaymentsError } from "../payments-error";

/**
 * The token a charge or an authorisation pays with: it exists, has not
 * expired, and the other kind of payment has not used it. A payment of the
 * same kind is not looked for here: its unique token column decides at the
 * insert, after a racing request with the same idempotency key has had its
 * chance to replay the first (a check here would refuse it instead).
 */
export async function findPayableToken(
  db: Database,
  tokenId: string,
  options: { now: Date; unusedBy: "charges" | "authorisations" },
) {
  const [token] = await db.select().from(cardTokens).where(eq(cardTokens.id, tokenId)).limit(1);
  if (!token) throw new PaymentsError("token_not_found", { param: "token" });
  if (token.expiresAt.getTime() <= options.now.getTime()) throw new PaymentsError("token_expired", { param: "token" });
  const other = options.unusedBy === "charges" ? charges : authorisations;
  const [used] = await db.select({ id: other.id }).from(other).where(eq(other.tokenId, token.id)).limit(1);
  if (used) throw new PaymentsError("token_already_used", { param: "token" });
  return token;
}
