import { z } from "zod";

/**
 * The partner's request log (an extension; docs/decisions.md): the last 7
 * days of the partner's own requests to the partner operations, as the
 * service recorded them. Never a body, a token or a key.
 */
export const requestLogVersions = ["v1"] as const;

/** How long the service keeps a request in the log. */
export const requestLogRetentionDays = 7;

/**
 * The names the service records operations under (kebab-case, as in its
 * logs). `unknown-path` is a request to a path no operation serves; in the
 * sandbox, `member-login` (A1) and `grant-token` (A2) are recorded too.
 */
export const requestLogOperations = [
  "retrieve-programme",
  "retrieve-account",
  "retrieve-transactions",
  "credit-currency",
  "debit-currency",
  "reverse-transaction",
  "register-account",
  "update-membership",
  "retrieve-membership",
  "retrieve-product-prices",
  "member-login",
  "grant-token",
  "unknown-path",
] as const;
export type RequestLogOperation = (typeof requestLogOperations)[number];

/** The member's login (A1) and the token service (A2), recorded beside the partner operations, in the sandbox. */
type AuthOperationName = "member-login" | "grant-token";

/** The read endpoint itself: served by the same wrapper, but its reads are not recorded. */
export type PartnerOperationName = Exclude<RequestLogOperation, AuthOperationName> | "retrieve-request-log";

/** A status class (`4xx`) or one status (`404`). */
export const requestLogStatusPattern = /^(?:[1-5]xx|[1-5][0-9]{2})$/;

export const requestLogMaxPageSize = 100;
export const requestLogDefaultPageSize = 20;

/** A query parameter holding a whole number in a range, written plainly (digits only). */
function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}, sent once`;
  return z
    .string({ error: message })
    .regex(/^[0-9]{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
    .optional();
}

/** Query of `GET /{version}/partner/requests`; parameter names in camelCase as in `childError.path`. */
export const requestLogQuerySchema = z.object({
  operation: z
    .enum(requestLogOperations, { error: "operation must be one of the recorded operation names, sent once" })
    .optional(),
  status: z
    .string({ error: "status must be sent once" })
    .regex(requestLogStatusPattern, "status must be a status class such as 4xx or a status such as 404")
    .optional(),
  requestId: z
    .string({ error: "request-id must be sent once" })
    .trim()
    .toLowerCase()
    .pipe(z.uuid({ error: "request-id must be a request id as X-Request-Id gives it (a UUID)" }))
    .optional(),
  page: wholeNumber("page", 1, 10_000).default(1),
  pageSize: wholeNumber("page-size", 1, requestLogMaxPageSize).default(requestLogDefaultPageSize),
});

/** What a client asks for; the service reads it from the query parameters of the same names, hyphenated. */
export interface RequestLogQuery {
  operation?: RequestLogOperation;
  /** A status class (`4xx`) or one status (`404`). */
  status?: string;
  requestId?: string;
  page?: number;
  pageSize?: number;
}

export const requestLogEntrySchema = z.object({
  /** The answer's `X-Request-Id`. */
  requestId: z.string(),
  operation: z.string(),
  method: z.string(),
  /** The path with the query parameters that are kept; never api_key. */
  path: z.string(),
  status: z.number().int(),
  /** The error's `code`, on an error answer. */
  errorCode: z.string().optional(),
  /** The first `childError[].code`, when the error has one. */
  childErrorCode: z.string().optional(),
  durationMs: z.number(),
  /** When the request arrived, ISO-8601 in UTC. */
  requestedAt: z.string(),
});
export type RequestLogEntry = z.infer<typeof requestLogEntrySchema>;

export const requestLogResponseSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether a further page holds older requests. */
  hasMore: z.boolean(),
  /** Newest first. */
  requests: z.array(requestLogEntrySchema),
});
export type RequestLogResponse = z.infer<typeof requestLogResponseSchema>;
