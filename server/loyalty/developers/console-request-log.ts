import { and, eq, inArray } from "drizzle-orm";
import { requestLogDefaultPageSize, requestLogQuerySchema, type RequestLogEntry } from "@/lib/contract/request-log";
import type { Database } from "@/server/db/connect";
import type { Partner } from "@/server/loyalty/partners/partner-tables";
import { requestLog } from "@/server/loyalty/request-log/request-log-tables";
import { findRequestLog } from "@/server/loyalty/request-log/find-request-log";
import type { RequestLogFilters } from "@/lib/developers/request-log-view";
import type { LoggedHeaders } from "@/lib/developers/logged-request";

export interface ConsoleLogEntry extends RequestLogEntry {
  /** Redacted JSON bodies (staging keys only), as stored. */
  requestBody?: unknown;
  responseBody?: unknown;
  scenario?: string;
  /** The request headers a replay sends (Authorization as its scheme only); absent on rows logged before they were kept. */
  requestHeaders?: LoggedHeaders;
}

export type ConsoleLogView =
  | { kind: "found"; filters: RequestLogFilters; entries: ConsoleLogEntry[]; hasMore: boolean }
  | { kind: "invalid"; fieldErrors: Partial<Record<"requestId" | "operation" | "status" | "page", string>> };

type SearchParams = Record<string, string | string[] | undefined>;

const fieldMessages = {
  requestId:
    "Enter a request id as the X-Request-Id header gives it: 36 letters, digits and dashes, such as 3f2c8a1e-5b7d-4c9a-8e21-6d0f4b3a9c57.",
  operation: "Choose an operation from the list.",
  status: "Choose a status from the list.",
  page: "This page number does not exist.",
} as const;

function parameter(searchParams: SearchParams, name: string): string | string[] | undefined {
  const value = searchParams[name];
  return value === "" ? undefined : value;
}

/**
 * The signed-in developer's partner's staging requests, as the request log
 * endpoint gives them (the same filters, the contract's own schema), with
 * each request's and answer's redacted body. Only this partner's rows are
 * ever read.
 */
export async function loadConsoleRequestLog(
  db: Database,
  partner: Partner,
  searchParams: SearchParams,
): Promise<ConsoleLogView> {
  const parsed = requestLogQuerySchema.safeParse({
    requestId: parameter(searchParams, "request-id"),
    operation: parameter(searchParams, "operation"),
    status: parameter(searchParams, "status"),
    page: parameter(searchParams, "page"),
  });
  if (!parsed.success) {
    const fieldErrors: Extract<ConsoleLogView, { kind: "invalid" }>["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "requestId" || field === "operation" || field === "status" || field === "page")
        fieldErrors[field] = fieldMessages[field];
    }
    return { kind: "invalid", fieldErrors };
  }
  const filters: RequestLogFilters = {
    requestId: parsed.data.requestId,
    operation: parsed.data.operation,
    status: parsed.data.status,
    page: parsed.data.page,
  };
  const page = await findRequestLog(db, {
    partnerId: partner.id,
    environment: "staging",
    ...filters,
    pageSize: parsed.data.pageSize ?? requestLogDefaultPageSize,
  });
  const ids = page.entries.map((entry) => entry.requestId);
  const bodies =
    ids.length === 0
      ? []
      : await db
          .select({
            requestId: requestLog.requestId,
            requestBody: requestLog.requestBody,
            responseBody: requestLog.responseBody,
            scenario: requestLog.scenario,
            requestHeaders: requestLog.requestHeaders,
          })
          .from(requestLog)
          .where(and(eq(requestLog.partnerId, partner.id), inArray(requestLog.requestId, ids)));
  const byId = new Map(bodies.map((row) => [row.requestId, row]));
  return {
    kind: "found",
    filters,
    hasMore: page.hasMore,
    entries: page.entries.map((entry) => {
      const row = byId.get(entry.requestId);
      return {
        ...entry,
        ...(row?.requestBody != null ? { requestBody: row.requestBody } : {}),
        ...(row?.responseBody != null ? { responseBody: row.responseBody } : {}),
        ...(row?.scenario ? { scenario: row.scenario } : {}),
        ...(row?.requestHeaders != null ? { requestHeaders: row.requestHeaders as LoggedHeaders } : {}),
      };
    }),
  };
}
