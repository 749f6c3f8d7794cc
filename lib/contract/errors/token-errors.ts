import type { ErrorDefinition } from "../error-definition";

/** Member tokens on partner operations. */
export const tokenErrors = {
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
} as const satisfies Record<string, ErrorDefinition>;
