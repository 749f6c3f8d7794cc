import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { idempotencyKeys } from "./idempotency-tables";
import type { IdempotencyClaim } from "./idempotency-claim";

/** Does this claim still hold its key, with no movement recorded yet? */
export async function holdsIdempotencyClaim(db: Database, claim: IdempotencyClaim): Promise<boolean> {
  const [held] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.partnerId, claim.partnerId),
        eq(idempotencyKeys.key, claim.key),
        eq(idempotencyKeys.leaseToken, claim.leaseToken),
        isNull(idempotencyKeys.transactionId),
      ),
    );
  return held !== undefined;
}
