import type { ErrorDefinition } from "../error-definition";

/** P1 Retrieve programme (table E4). */
export const programmeErrors = {
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
} as const satisfies Record<string, ErrorDefinition>;
