import "server-only";
import { and, asc, desc, eq, gt, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAdjustments } from "@/server/portal/db/schema";
import type { StaffAdjustment } from "./record-staff-adjustment";

export const requestPageSize = 25;

/**
 * The requests waiting for a second administrator, oldest first, one page;
 * a request past its expiry is no longer pending, whether or not anything
 * has marked it (expiry is read from the clock, not from a sweep).
 */
export async function listPendingRequests(
  db: Database,
  now: Date,
  page: number,
  pageSize: number = requestPageSize,
): Promise<{ rows: StaffAdjustment[]; hasNext: boolean; total: number }> {
  const pending = and(eq(staffAdjustments.status, "pending"), gt(staffAdjustments.expiresAt, now));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(staffAdjustments)
      .where(pending)
      .orderBy(asc(staffAdjustments.requestedAt), asc(staffAdjustments.id))
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(staffAdjustments)
      .where(pending),
  ]);
  return { rows: rows.slice(0, pageSize), hasNext: rows.length > pageSize, total: count?.total ?? 0 };
}

/**
 * The latest requests no longer pending (decided, performed, failed or
 * expired), latest first; those whose outcome is unknown come before the
 * rest, since they wait for someone to send them again.
 */
export async function listSettledRequests(db: Database, now: Date, limit = 20): Promise<StaffAdjustment[]> {
  return db
    .select()
    .from(staffAdjustments)
    .where(
      and(
        isNotNull(staffAdjustments.expiresAt),
        or(ne(staffAdjustments.status, "pending"), lte(staffAdjustments.expiresAt, now)),
      ),
    )
    .orderBy(
      desc(sql`${staffAdjustments.status} = 'unknown'`),
      desc(sql`coalesce(${staffAdjustments.decidedAt}, ${staffAdjustments.expiresAt})`),
    )
    .limit(limit);
}
