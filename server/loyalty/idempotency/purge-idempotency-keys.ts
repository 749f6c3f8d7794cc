import { and, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { idempotencyKeys } from "./idempotency-tables";
import { idempotencyRetentionHours } from "./idempotency-claim";

/**
 * Deletes the keys first used before the retention period (24 hours before
 * `now`), for a periodic job. A claim whose lease still runs is kept, so a
 * request in flight never loses its key; the journal entries the keys
 * pointed at stay, as the journal is append-only. Returns how many went.
 */
export async function purgeIdempotencyKeys(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - idempotencyRetentionHours * 3_600_000);
  const purged = await db
    .delete(idempotencyKeys)
    .where(
      and(
        lt(idempotencyKeys.createdAt, cutoff),
        or(isNotNull(idempotencyKeys.transactionId), sql`${idempotencyKeys.lockedUntil} < now()`),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}
