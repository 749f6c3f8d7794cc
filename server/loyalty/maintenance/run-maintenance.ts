import type { Database } from "@/server/db/connect";
import { purgeIdempotencyKeys } from "@/server/loyalty/idempotency/purge-idempotency-keys";
import { purgeExpired, type PurgedRows } from "./purge-expired";
import { purgeRequestLog } from "./purge-request-log";
import { purgeWebhookHistory, type PurgedWebhookHistory } from "./purge-webhook-history";
import { expireIdleSandboxes } from "./expire-idle-sandboxes";

export interface MaintenanceReport extends PurgedRows, PurgedWebhookHistory {
  idempotencyKeys: number;
  requestLog: number;
  idleSandboxes: number;
}

/**
 * One pass of the service's housekeeping: expired codes, tokens, throttle
 * rows, rate-limit windows, retired signing keys, ended developer sessions,
 * idempotency keys past their retention, request-log rows older than 7 days,
 * and the partner events' attempts and events past theirs (30 days by
 * default). Every delete is idempotent, so instances sharing one database
 * may run it at the same time.
 */
export async function runMaintenance(db: Database, now: Date = new Date()): Promise<MaintenanceReport> {
  const purged = await purgeExpired(db, now);
  return {
    ...purged,
    idempotencyKeys: await purgeIdempotencyKeys(db, now),
    requestLog: await purgeRequestLog(db, now),
    ...(await purgeWebhookHistory(db, now)),
    idleSandboxes: await expireIdleSandboxes(db, now),
  };
}
