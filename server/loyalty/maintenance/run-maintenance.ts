import type { Database } from "@/server/db/connect";
import { purgeIdempotencyKeys } from "@/server/loyalty/idempotency/purge-idempotency-keys";
import { purgeExpired, type PurgedRows } from "./purge-expired";

export interface MaintenanceReport extends PurgedRows {
  idempotencyKeys: number;
}

/**
 * One pass of the service's housekeeping: expired codes, tokens, throttle
 * rows, rate-limit windows, retired signing keys and idempotency keys past
 * their retention. Every delete is idempotent, so instances sharing one
 * database may run it at the same time.
 */
export async function runMaintenance(db: Database, now: Date = new Date()): Promise<MaintenanceReport> {
  const purged = await purgeExpired(db, now);
  return { ...purged, idempotencyKeys: await purgeIdempotencyKeys(db, now) };
}
