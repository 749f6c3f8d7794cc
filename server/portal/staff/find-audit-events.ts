import "server-only";
import { and, asc, desc, eq, getTableColumns, gt, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { AuditFilters } from "@/lib/portal/staff/audit-filters";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAuditEvents } from "@/server/portal/db/schema";
import type { AuditEventRow } from "./append-audit-event";

export const auditPageSize = 50;

/**
 * One line per action: an `attempted` row stays in the table, but once its
 * outcome row (same request and action) exists, the outcome's line stands
 * for both; an attempt with no outcome yet shows as its own line.
 */
// The outer row, named in full: Drizzle leaves a selected column unqualified, which inside a subquery would name the
// subquery's own row.
const outer = (column: string) => sql.raw(`"staff_audit_events"."${column}"`);

const folded = sql`not (${outer("outcome")} = 'attempted' and exists (
  select 1 from "portal"."staff_audit_events" outcome
  where outcome.request_id = ${outer("request_id")} and outcome.action = ${outer("action")}
    and outcome.outcome <> 'attempted'))`;

/** When the action was attempted, for a line that folds its attempt in; null for an action with no attempt row. */
const attemptedAt = sql<Date | string | null>`(
  select min(attempt.at) from "portal"."staff_audit_events" attempt
  where attempt.request_id = ${outer("request_id")} and attempt.action = ${outer("action")}
    and attempt.outcome = 'attempted' and ${outer("outcome")} <> 'attempted')`;

/** A line of the trail: the outcome's row, with when its attempt began. */
export type AuditLine = AuditEventRow & { attemptedAt: Date | null };

const lineColumns = { ...getTableColumns(staffAuditEvents), attemptedAt };

const asLine = (row: Omit<AuditLine, "attemptedAt"> & { attemptedAt: Date | string | null }): AuditLine => ({
  ...row,
  attemptedAt: row.attemptedAt === null ? null : new Date(row.attemptedAt),
});

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The lines a set of filters selects (days are UTC, both inclusive), up to `upToId` when given, attempts folded. */
export function auditConditions(filters: AuditFilters, upToId?: number): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.actor) conditions.push(eq(staffAuditEvents.actor, filters.actor));
  if (filters.action) conditions.push(eq(staffAuditEvents.action, filters.action));
  if (filters.membershipNumber) conditions.push(eq(staffAuditEvents.membershipNumber, filters.membershipNumber));
  if (filters.reasonCode) conditions.push(eq(staffAuditEvents.reasonCode, filters.reasonCode));
  if (filters.from) conditions.push(gte(staffAuditEvents.at, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(staffAuditEvents.at, nextDay(filters.to)));
  if (upToId !== undefined) conditions.push(lte(staffAuditEvents.id, upToId));
  conditions.push(folded);
  return and(...conditions);
}

/** One page of the trail, latest first, with whether another follows. */
export async function findAuditEvents(
  db: Database,
  filters: AuditFilters,
  page: number,
  pageSize: number = auditPageSize,
): Promise<{ rows: AuditLine[]; hasNext: boolean }> {
  const rows = await db
    .select(lineColumns)
    .from(staffAuditEvents)
    .where(auditConditions(filters))
    .orderBy(desc(staffAuditEvents.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return { rows: rows.slice(0, pageSize).map(asLine), hasNext: rows.length > pageSize };
}

/** The latest row's id: an export holds the rows that matched when it was asked for, not those written during it. */
export async function latestAuditEventId(db: Database): Promise<number> {
  const [row] = await db
    .select({ id: staffAuditEvents.id })
    .from(staffAuditEvents)
    .orderBy(desc(staffAuditEvents.id))
    .limit(1);
  return row?.id ?? 0;
}

/** Every row the filters select up to `upToId`, oldest first, read in batches (keyset on the id). */
export async function* auditEventBatches(
  db: Database,
  filters: AuditFilters,
  upToId: number,
  batchSize = 500,
): AsyncGenerator<AuditLine[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select(lineColumns)
      .from(staffAuditEvents)
      .where(and(auditConditions(filters, upToId), gt(staffAuditEvents.id, after)))
      .orderBy(asc(staffAuditEvents.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(asLine);
    after = rows[rows.length - 1]!.id;
    if (rows.length < batchSize) return;
  }
}
