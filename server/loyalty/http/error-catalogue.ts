/**
 * Every error the partner operations answer with, in one place: the HTTP
 * status, the spec's `code`, the child code where the spec gives one, and the
 * business message. Statuses the spec leaves "not shown" are decided in
 * docs/decisions.md.
 */
export interface ErrorDefinition {
  status: number;
  code: string;
  childCode?: string;
  message: string;
  /** Gateway-level errors are always wrapped in `error`, whatever the operation. */
  gateway?: boolean;
}

export const errorCatalogue = {
  // Gateway level.
  SYSTEM_UNAVAILABLE: {
    status: 503,
    code: "SYSTEM_UNAVAILABLE",
    message: "The service is temporarily unavailable. Please try again later.",
    gateway: true,
  },
  DEVELOPER_NOT_AUTHORIZED: {
    status: 401,
    code: "DEVELOPER_NOT_AUTHORIZED",
    message: "The api_key is missing, malformed or not recognised.",
    gateway: true,
  },
  DEVELOPER_INACTIVE: {
    status: 403,
    code: "DEVELOPER_INACTIVE",
    message: "The partner owning this api_key is not active.",
    gateway: true,
  },
  USAGE_RATE_EXCEEDED: {
    status: 429,
    code: "USAGE_RATE_EXCEEDED",
    message: "Too many requests in a short time. Slow down and retry later.",
    gateway: true,
  },
  RESOURCE_NOT_FOUND: {
    status: 404,
    code: "RESOURCE_NOT_FOUND",
    message: "No partner operation is served at this path.",
    gateway: true,
  },

  // Request level, shared by the operations.
  VERSION_NOT_SUPPORTED: {
    status: 404,
    code: "REQUEST_INVALID",
    childCode: "VERSION_NOT_SUPPORTED",
    message: "This operation is not served on the requested version.",
  },
  DATA_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "DATA_INVALID",
    message: "The request contains invalid data.",
  },
  METHOD_NOT_SUPPORTED: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "METHOD_NOT_SUPPORTED",
    message: "The HTTP method is not supported by this operation.",
  },
  HTTP_METHOD_NOT_SUPPORTED: {
    status: 405,
    code: "REQUEST_INVALID",
    childCode: "HTTP_METHOD_NOT_SUPPORTED",
    message: "The HTTP method is not allowed on this resource.",
  },
  NOT_ACCEPTABLE: {
    status: 406,
    code: "REQUEST_INVALID",
    childCode: "HEADER_INVALID",
    message: "The only media type this service produces is application/json.",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    code: "REQUEST_INVALID",
    childCode: "HEADER_INVALID",
    message: "The only media type this service accepts is application/json.",
  },

  // Tokens on member operations.
  TOKEN_INVALID: {
    status: 401,
    code: "REQUEST_UNAUTHORIZED",
    childCode: "TOKEN_INVALID",
    message: "The access token is missing, invalid, expired or revoked.",
  },
  TOKEN_EMPTY: {
    status: 401,
    code: "REQUEST_UNAUTHORIZED",
    childCode: "DATA_INVALID",
    message: "The Authorization header is empty.",
  },
  MEMBER_NOT_AUTHORIZED: {
    status: 401,
    code: "REQUEST_UNAUTHORIZED",
    childCode: "UNAUTHORIZED",
    message: "The access token does not give access to this account.",
  },
  INSUFFICIENT_SCOPE: {
    status: 403,
    code: "REQUEST_UNAUTHORIZED",
    childCode: "INSUFFICIENT_SCOPE",
    message: "The access token was not issued with the scope this operation requires.",
  },

  // Retrieve programme (E4).
  PROGRAMME_NOT_FOUND: {
    status: 400,
    code: "PROGRAMME_NOT_FOUND",
    childCode: "PROGRAMME_NOT_FOUND",
    message: "The programme was not found.",
  },
  MEMBERSHIP_IDENTIFIER_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "MEMBERSHIP_IDENTIFIER_INVALID",
    message: "The membership identifier is invalid.",
  },

  // Retrieve account (E5).
  ACCOUNT_NOT_FOUND: {
    status: 400,
    code: "ACCOUNT_NOT_FOUND",
    message: "The account was not found or cannot be retrieved in its current status.",
  },

  // Retrieve transactions (E6).
  DATE_RANGE_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "DATE_RANGE_INVALID",
    message: "date-made-from must not be later than date-made-to.",
  },
  RECORD_RANGE_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "RECORD_RANGE_INVALID",
    message: "start-record must be less than end-record.",
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof errorCatalogue;
