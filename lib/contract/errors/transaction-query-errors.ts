import type { ErrorDefinition } from "../error-definition";

/** P3 Retrieve transactions (table E6). */
export const transactionQueryErrors = {
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
