import "server-only";
import { and, desc, eq, gt, lte, ne, or } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { staffControlChanges } from "@/server/portal/db/schema";

export type ControlChangeRow = typeof staffControlChanges.$inferSelect;

/** Changes up waiting for a second administrator, oldest first; one past its expiry is not listed. */
export async function listPendingControlChanges(db: Database, now: Date = new Date()): Promise<ControlChangeRow[]> {
  return db
    .select()
    .from(staffControlChanges)
    .where(and(eq(staffControlChanges.status, "pending"), gt(staffControlChanges.expiresAt, now)))
    .orderBy(staffControlChanges.requestedAt);
}

/** The latest changes that are settled (applied, rejected, expired), newest first. */
export async function listRecentControlChanges(
  db: Database,
  now: Date = new Date(),
  limit = 20,
): Promise<ControlChangeRow[]> {
  return db
    .select()
    .from(staffControlChanges)
    .where(
      or(
        ne(staffControlChanges.status, "pending"),
        // A pending one past its expiry reads as expired until the next change to its control marks it so.
        and(eq(staffControlChanges.status, "pending"), lte(staffControlChanges.expiresAt, now)),
      ),
    )
    .orderBy(desc(staffControlChanges.requestedAt))
    .limit(limit);
}
