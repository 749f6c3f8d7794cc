import "server-only";
import type { Database } from "@/server/portal/db/portal-database";
import type { GlanceWindow } from "./glance-window";

/**
 * The approval requests pending now, by the day they were made (older ones
 * under `earlier`), for the waiting chart beside the orders needing
 * attention. Requests for a second administrator's approval are stored by
 * the four-eyes approvals, in a table of their own that this schema does not
 * hold yet: until it does, no request is pending, and the chart shows the
 * orders alone.
 */
export async function countPendingApprovals(
  db: Database,
  window: GlanceWindow,
): Promise<Array<{ day: string; count: number }>> {
  void db;
  void window;
  return [];
}
