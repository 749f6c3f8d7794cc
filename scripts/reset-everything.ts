import type { DatabaseHandle } from "@/server/db/connect";
import { resetSandbox } from "@/server/loyalty/sandbox/reset-sandbox";
import { resetPortalDatabase } from "@/server/portal/db/portal-database";

/**
 * `npm run db:reset` on one database holding every party: the service's
 * sandbox, then the portal's tables; each owner resets only its own schema.
 */
export async function resetEverything(handle: DatabaseHandle, now = new Date()): Promise<void> {
  await resetSandbox(handle, now);
  await resetPortalDatabase(handle);
}
