import type { ErrorDefinition } from "../error-definition";

/**
 * P7 Register account (table E10) and P8 Update membership (table E11).
 * Their MANDATORY_DATA_MISSING is the ledger's entry (same code and child),
 * defined once in ledger-errors.ts.
 */
export const membershipErrors = {
  REGISTRATION_FAILED: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "REGISTRATION_FAILED",
    message: "The membership cannot be registered.",
  },
  USERNAME_ALREADY_EXISTS: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "USERNAME_ALREADY_EXISTS",
    message: "The username is already in use.",
  },
  AUTHENTICATION_FAILED: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "AUTHENTICATION_FAILED",
    message: "The details given do not match the membership.",
  },
  // E10 has no row for it: the gateway's code for too many requests, with Retry-After (docs/decisions.md).
  REGISTRATION_LOCKED: {
    status: 429,
    code: "USAGE_RATE_LIMIT_EXCEEDED",
    message: "Too many registrations with details that do not match this membership. Try again later.",
  },
  // E10's 409 row; the code E10 also names for an existing profile is its child (docs/decisions.md).
  CUSTOMER_ALREADY_EXISTS: {
    status: 409,
    code: "CUSTOMER_ALREADY_EXISTS",
    childCode: "SECURITY_PROFILE_ALREADY_EXISTS",
    message: "The customer is already registered: a security profile exists.",
  },
  PHONE_NUMBER_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "PHONE_NUMBER_INVALID",
    message: "The phone number is invalid for the member's country of residence.",
  },
  POSTAL_ADDRESS_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "POSTAL_ADDRESS_INVALID",
    message: "The country or postcode of the postal address is incorrect.",
  },
  // Credit (E7) has its own PROGRAMME_INVALID with another meaning; same code and child, own message.
  MEMBERSHIP_PROGRAMME_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "PROGRAMME_INVALID",
    message: "The programme is not available to this partner, or the member is already associated with it.",
  },
  ADDRESS_NOT_SUPPORTED: {
    status: 400,
    code: "ADDRESS_NOT_SUPPORTED",
    message: "This combination of address types is not supported.",
  },
  DETAILS_ALREADY_EXIST: {
    status: 400,
    code: "DETAILS_ALREADY_EXIST",
    message: "Title, date of birth and country of residence can be added but not changed.",
  },
} as const satisfies Record<string, ErrorDefinition>;
