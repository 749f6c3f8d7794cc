import type { ErrorDefinition } from "../error-definition";

/** Request-level errors shared by every operation. */
export const requestErrors = {
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
  BODY_TOO_LARGE: {
    status: 413,
    code: "REQUEST_INVALID",
    childCode: "DATA_INVALID",
    message: "The request body is larger than this operation accepts.",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    code: "REQUEST_INVALID",
    childCode: "HEADER_INVALID",
    message: "The only media type this service accepts is application/json.",
  },
} as const satisfies Record<string, ErrorDefinition>;
