import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { idempotencyKeys } from "./idempotency-tables";
import type { IdempotencyClaim } from "./idempotency-claim";

/**
 * Frees a key whose request moved nothing (a refusal or a failure), so the
 * partner may use it again. Only the claim's holder releases it, and never
 * once a movement was recorded against it.
 */
export async function releaseIdempotencyKey(db: Database, claim: IdempotencyClaim): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.partnerId, claim.partnerId),
        eq(idempotencyKeys.key, claim.key),
        eq(idempotencyKeys.leaseToken, claim.leaseToken),
        isNull(idempotencyKeys.transactionId),
      ),
    );
}
