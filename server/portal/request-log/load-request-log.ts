import "server-only";
import { requestLogQuerySchema, type RequestLogResponse } from "@/lib/contract/request-log";
import { LoyaltyApiError, LoyaltyContractError, LoyaltyUnavailableError } from "@/lib/loyalty-client/errors";
import type { RequestLogFilters } from "@/lib/portal/request-log-view";
import { logger } from "@/server/observability/logger";
import { loyaltyService } from "@/server/portal/loyalty-service";

export type RequestLogView =
  | { kind: "found"; filters: RequestLogFilters; log: RequestLogResponse }
  /** A filter in the address that the service would refuse: said next to its field, no request sent. */
  | { kind: "invalid"; fieldErrors: Partial<Record<"requestId" | "operation" | "status" | "page", string>> }
  | { kind: "unavailable" };

type SearchParams = Record<string, string | string[] | undefined>;

/** An empty field of the GET form means no filter; a parameter sent twice is refused by the contract. */
function parameter(searchParams: SearchParams, name: string): string | string[] | undefined {
  const value = searchParams[name];
  return value === "" ? undefined : value;
}

const fieldMessages = {
  requestId:
    "Enter a request id as the X-Request-Id header gives it: 36 letters, digits and dashes, such as 3f2c8a1e-5b7d-4c9a-8e21-6d0f4b3a9c57.",
  operation: "Choose an operation from the list.",
  status: "Choose a status from the list.",
  page: "This page number does not exist.",
} as const;

/**
 * The Demo Partner's request log as the page shows it: the address's filters
 * checked against the contract's own schema, then one call to the service's
 * request log endpoint through the loyalty client, over HTTP like every other
 * call of the portal (with the portal's api_key: the service answers that
 * partner's rows only).
 */
export async function loadRequestLog(searchParams: SearchParams): Promise<RequestLogView> {
  const parsed = requestLogQuerySchema.safeParse({
    requestId: parameter(searchParams, "request-id"),
    operation: parameter(searchParams, "operation"),
    status: parameter(searchParams, "status"),
    page: parameter(searchParams, "page"),
  });
  if (!parsed.success) {
    const fieldErrors: Extract<RequestLogView, { kind: "invalid" }>["fieldErrors"] = {};
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
  try {
    const log = await loyaltyService().retrieveRequestLog({ ...filters, pageSize: parsed.data.pageSize });
    return { kind: "found", filters, log };
  } catch (error) {
    if (
      error instanceof LoyaltyUnavailableError ||
      error instanceof LoyaltyContractError ||
      error instanceof LoyaltyApiError
    ) {
      logger.warn({ err: error }, "the request log could not be read");
      return { kind: "unavailable" };
    }
    throw error;
  }
}
