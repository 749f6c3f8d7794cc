import type { DatabaseHandle } from "@/server/db/connect";
import { resetSandbox } from "@/server/loyalty/sandbox/reset-sandbox";
import { resetPaymentsDatabase } from "@/server/payments/db/payments-database";
import { resetPortalDatabase } from "@/server/portal/db/portal-database";

/**
 * `npm run db:reset` on one database holding every party: the service's
 * sandbox, then the portal's tables, then the payments sandbox's charges;
 * each owner resets only its own schema.
 */
export async function resetEverything(handle: DatabaseHandle, now = new Date()): Promise<void> {
  await resetSandbox(handle, now);
  await resetPortalDatabase(handle);
  await resetPaymentsDatabase(handle);
}
