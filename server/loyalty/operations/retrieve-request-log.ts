import "server-only";
import { requestLogQuerySchema, requestLogVersions, type RequestLogResponse } from "@/lib/contract/request-log";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { findRequestLog } from "@/server/loyalty/request-log/find-request-log";

/** A repeated parameter is kept as an array, which the contract refuses. */
function queryValue(searchParams: URLSearchParams, name: string): string | string[] | undefined {
  const values = searchParams.getAll(name);
  return values.length > 1 ? values : values[0];
}

/**
 * `GET /{version}/partner/requests` (an extension): the api_key's partner's
 * own requests of the last 7 days, for the key's environment, newest first,
 * filtered by operation, status or request id, a page at a time.
 */
export const retrieveRequestLog = partnerOperation({
  name: "retrieve-request-log",
  method: "GET",
  versions: requestLogVersions,
  errorShape: "wrapped",
  requestLog: false,
  async handle({ db, url, partner, environment }) {
    const query = validateInput(
      requestLogQuerySchema,
      {
        operation: queryValue(url.searchParams, "operation"),
        status: queryValue(url.searchParams, "status"),
        requestId: queryValue(url.searchParams, "request-id"),
        page: queryValue(url.searchParams, "page"),
        pageSize: queryValue(url.searchParams, "page-size"),
      },
      { invalid: "DATA_INVALID" },
    );
    const { entries, hasMore } = await findRequestLog(db, {
      partnerId: partner.id,
      environment,
      ...query,
    });
    const body: RequestLogResponse = { page: query.page, pageSize: query.pageSize, hasMore, requests: entries };
    return { status: 200, body };
  },
});
