import type { ErrorDefinition } from "../error-definition";

/** P2 Retrieve account (table E5). */
export const accountErrors = {
  ACCOUNT_NOT_FOUND: {
    status: 400,
    code: "ACCOUNT_NOT_FOUND",
    message: "The account was not found or cannot be retrieved in its current status.",
  },
} as const satisfies Record<string, ErrorDefinition>;
