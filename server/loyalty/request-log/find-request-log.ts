import { and, between, desc, eq, gte, type SQL } from "drizzle-orm";
import type { RequestLogEntry, RequestLogOperation } from "@/lib/contract/request-log";
import { requestLogRetentionDays } from "@/lib/contract/request-log";
import type { Database } from "@/server/db/connect";
import { requestLog } from "./request-log-tables";
import { flushRequestLog } from "./request-log-buffer";

export interface RequestLogFilter {
  partnerId: number;
  environment: "staging" | "live";
  operation?: RequestLogOperation;
  /** A class (`4xx`) or one status (`404`). */
  status?: string;
  requestId?: string;
  page: number;
  pageSize: number;
}

function statusCondition(status: string): SQL {
  if (status.endsWith("xx")) {
    const hundreds = Number(status[0]) * 100;
    return between(requestLog.status, hundreds, hundreds + 99) as SQL;
  }
  return eq(requestLog.status, Number(status));
}

/**
 * One page of a partner's requests of the last 7 days, newest first, for the
 * key's environment only. Reads one row more than the page to tell whether
 * another page follows, instead of counting them all. This instance's rows
 * of the last second are written first, so a request made a moment ago is
 * found by every reader (the endpoint and the developer console alike);
 * another instance's rows follow within its flush interval.
 */
export async function findRequestLog(
  db: Database,
  filter: RequestLogFilter,
  now: Date = new Date(),
): Promise<{ entries: RequestLogEntry[]; hasMore: boolean }> {
  await flushRequestLog();
  const since = new Date(now.getTime() - requestLogRetentionDays * 86_400_000);
  const conditions = [
    eq(requestLog.partnerId, filter.partnerId),
    eq(requestLog.environment, filter.environment),
    gte(requestLog.requestedAt, since),
  ];
  if (filter.operation) conditions.push(eq(requestLog.operation, filter.operation));
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.requestId) conditions.push(eq(requestLog.requestId, filter.requestId));
  const rows = await db
    .select()
    .from(requestLog)
    .where(and(...conditions))
    .orderBy(desc(requestLog.requestedAt), desc(requestLog.id))
    .limit(filter.pageSize + 1)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    hasMore: rows.length > filter.pageSize,
    entries: rows.slice(0, filter.pageSize).map((row) => ({
      requestId: row.requestId,
      operation: row.operation,
      method: row.method,
      path: row.path,
      status: row.status,
      ...(row.errorCode ? { errorCode: row.errorCode } : {}),
      ...(row.childErrorCode ? { childErrorCode: row.childErrorCode } : {}),
      durationMs: Math.round(row.durationMs * 10) / 10,
      requestedAt: row.requestedAt.toISOString(),
    })),
  };
}
