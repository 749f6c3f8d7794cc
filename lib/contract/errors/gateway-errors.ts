import type { ErrorDefinition } from "../error-definition";

/** Gateway-level errors: always wrapped in `error`, whatever the operation. */
export const gatewayErrors = {
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
    message: "Too many requests in a short time. Slow down and retry after the time given.",
    gateway: true,
  },
  USAGE_RATE_LIMIT_EXCEEDED: {
    status: 429,
    code: "USAGE_RATE_LIMIT_EXCEEDED",
    message: "The api_key has used its quota of requests for the day. Retry after the time given.",
    gateway: true,
  },
  RESOURCE_NOT_FOUND: {
    status: 404,
    code: "RESOURCE_NOT_FOUND",
    message: "No partner operation is served at this path.",
    gateway: true,
  },
} as const satisfies Record<string, ErrorDefinition>;
