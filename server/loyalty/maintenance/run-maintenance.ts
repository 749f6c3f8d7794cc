import type { Database } from "@/server/db/connect";
import { purgeIdempotencyKeys } from "@/server/loyalty/idempotency/purge-idempotency-keys";
import { purgeExpired, type PurgedRows } from "./purge-expired";
import { purgeRequestLog } from "./purge-request-log";
import { expireIdleSandboxes } from "./expire-idle-sandboxes";

export interface MaintenanceReport extends PurgedRows {
  idempotencyKeys: number;
  requestLog: number;
  idleSandboxes: number;
}

/**
 * One pass of the service's housekeeping: expired codes, tokens, throttle
 * rows, rate-limit windows, retired signing keys, idempotency keys past
 * their retention and request-log rows older than 7 days. Every delete is idempotent, so instances sharing one
 * database may run it at the same time.
 */
export async function runMaintenance(db: Database, now: Date = new Date()): Promise<MaintenanceReport> {
  const purged = await purgeExpired(db, now);
  return {
    ...purged,
    idempotencyKeys: await purgeIdempotencyKeys(db, now),
    requestLog: await purgeRequestLog(db, now),
    idleSandboxes: await expireIdleSandboxes(db, now),
  };
}
