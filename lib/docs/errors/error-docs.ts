import type { OperationId } from "@/lib/docs/operations/types";
import type { ErrorName } from "./catalogue";

/**
 * Where an entry can be answered: a list of operations, `every` partner
 * operation, or `unknown-path` (paths under /api that no operation serves).
 */
export type ErrorScope = readonly OperationId[] | "every" | "unknown-path";

export interface ErrorDoc {
  scope: ErrorScope;
  /** When the service answers it, in the partner's terms. */
  when: string;
}

const memberOperations: OperationId[] = [
  "retrieveAccount",
  "retrieveOwnTransactions",
  "retrieveAccountTransactions",
  "debitCurrency",
  "reverseTransaction",
  "updateMembership",
  "retrieveMembership",
  "retrieveProductPrices",
];
const bodyOperations: OperationId[] = [
  "creditCurrency",
  "reverseTransaction",
  "registerAccount",
  "updateMembership",
  "retrieveProductPrices",
];

/**
 * Documentation of each catalogue entry. An entry added to the catalogue
 * without a line here still appears everywhere (scope `every`, the
 * catalogue's message); test/unit/error-docs-coverage.test.ts names it so
 * its line gets written.
 */
export const errorDocs: Partial<Record<ErrorName, ErrorDoc>> = {
  USAGE_RATE_LIMIT_EXCEEDED: {
    scope: "every",
    when: "The api_key has used its daily quota of requests (set per partner). Retry-After says when the quota opens again.",
  },
  REGISTRATION_LOCKED: {
    scope: ["registerAccount"],
    when: "Registration of this membership is locked for a while after five attempts whose details did not match what the programme holds. Retry-After says when it opens again.",
  },
  BODY_TOO_LARGE: {
    scope: "every",
    when: "The request body is larger than the operation accepts (64 KiB of JSON); checked before it is read.",
  },
  IDEMPOTENCY_KEY_INVALID: {
    scope: ["creditCurrency", "debitCurrency", "reverseTransaction"],
    when: "The Idempotency-Key header is empty, longer than 255 characters, or not printable ASCII (a bare token, or the IETF draft's quoted string).",
  },
  IDEMPOTENCY_KEY_REUSED: {
    scope: ["creditCurrency", "debitCurrency", "reverseTransaction"],
    when: "The Idempotency-Key was used before by this partner for another operation, path or body. A retry must repeat the first request exactly; a new request needs a new key.",
  },
  IDEMPOTENCY_KEY_IN_PROGRESS: {
    scope: ["creditCurrency", "debitCurrency", "reverseTransaction"],
    when: "A request with this Idempotency-Key is still running; retry after a moment and the first request's answer is replayed.",
  },
  SYSTEM_UNAVAILABLE: {
    scope: "every",
    when: "An unexpected condition inside the service. The developerMessage carries a request id (also in the X-Request-Id header) to quote to support; the details stay in the service's log.",
  },
  DEVELOPER_NOT_AUTHORIZED: {
    scope: "every",
    when: "The api_key is missing, sent twice, not 24 letters and digits, or unknown (keys are case sensitive). Checked before anything else.",
  },
  DEVELOPER_INACTIVE: { scope: "every", when: "The api_key is known but its partner is not active." },
  USAGE_RATE_EXCEEDED: { scope: "every", when: "Too many requests from one partner in a short time." },
  RESOURCE_NOT_FOUND: {
    scope: "unknown-path",
    when: "No partner operation is served at this path (after the api_key check).",
  },
  VERSION_NOT_SUPPORTED: {
    scope: "every",
    when: "The operation is not served on the version segment of the path (each operation answers on its documented version only).",
  },
  DATA_INVALID: {
    scope: "every",
    when: "A value breaks the contract: a path or query parameter, a header (X-Forwarded-For, X-Agent-Id, the application-name headers) or a body element. childError names each failing node.",
  },
  METHOD_NOT_SUPPORTED: {
    scope: ["retrieveProgrammeList", "retrieveProgramme", "debitCurrency"],
    when: "Another HTTP method on this path (the spec's tables E4 and E8 answer 400); the Allow header names the method served.",
  },
  HTTP_METHOD_NOT_SUPPORTED: {
    scope: [
      "retrieveAccount",
      "retrieveOwnTransactions",
      "retrieveAccountTransactions",
      "creditCurrency",
      "reverseTransaction",
      "registerAccount",
      "updateMembership",
      "retrieveMembership",
      "retrieveProductPrices",
      "retrieveRequestLog",
    ],
    when: "Another HTTP method on this path; the Allow header names the methods served.",
  },
  NOT_ACCEPTABLE: { scope: "every", when: "The Accept header excludes application/json." },
  UNSUPPORTED_MEDIA_TYPE: { scope: bodyOperations, when: "The Content-Type is not application/json." },
  TOKEN_INVALID: {
    scope: memberOperations,
    when: "No member token in Authorization, or (except on the debit, which answers its own 401) a token that is malformed, expired, revoked, of another partner, or for a programme the path does not serve.",
  },
  TOKEN_EMPTY: { scope: memberOperations, when: "The Authorization header is present but empty, or `Bearer` alone." },
  MEMBER_NOT_AUTHORIZED: {
    scope: memberOperations.filter((id) => id !== "debitCurrency"),
    when: "The token is valid but not for this account: one member's token never reaches another member's data.",
  },
  INSUFFICIENT_SCOPE: {
    scope: ["reverseTransaction"],
    when: "The member token was not issued with the scope reverse_transaction: log in again asking for it.",
  },
  PROGRAMME_NOT_FOUND: {
    scope: ["retrieveProgramme"],
    when: "No programme has this code, or the code is longer than 20 letters.",
  },
  MEMBERSHIP_IDENTIFIER_INVALID: {
    scope: ["retrieveProgrammeList"],
    when: "membership-identifier is not numeric or longer than 24 digits, is sent together with location-identifier, or is a membership under fraud investigation.",
  },
  ACCOUNT_NOT_FOUND: {
    scope: ["retrieveAccount"],
    when: "The account's status (cancelled, for example) does not allow retrieval.",
  },
  DATE_RANGE_INVALID: {
    scope: ["retrieveOwnTransactions", "retrieveAccountTransactions"],
    when: "date-made-from is later than date-made-to.",
  },
  RECORD_RANGE_INVALID: {
    scope: ["retrieveOwnTransactions", "retrieveAccountTransactions"],
    when: "start-record is not below end-record.",
  },
  PRICING_MANDATORY_DATA_MISSING: {
    scope: ["retrieveProductPrices"],
    when: "A mandatory element of priceSearchCriteria is missing (or the body is not JSON).",
  },
  PRICING_DEPARTURE_DATE_MISSING: {
    scope: ["retrieveProductPrices"],
    when: "A flight leg has no schedule.departureDateRange.startDateTime. The spec answers SYSTEM_UNAVAILABLE; as it is bad input, the status is 400.",
  },
  PRICING_CURRENCY_NOT_SUPPORTED: {
    scope: ["retrieveProductPrices"],
    when: "The price's currency has no exchange rate in the partner's pricing agreement.",
  },
  PRICING_PRODUCT_NOT_AGREED: {
    scope: ["retrieveProductPrices"],
    when: "The partner's pricing agreement does not cover this product type.",
  },
  PRICING_PRICE_NOT_ELIGIBLE: {
    scope: ["retrieveProductPrices"],
    when: "No points-and-cash option exists under the agreement: the price is too small to reach the minimum points, or the cash cap cannot be met.",
  },
  PRICING_BALANCE_INSUFFICIENT: {
    scope: ["retrieveProductPrices"],
    when: "For a signed-in member and a single product, the member's balance does not reach the points of any option.",
  },
  PRICING_NOT_AGREED: {
    scope: ["retrieveProductPrices"],
    when: "The partner has no pricing agreement: product pricing is for redemption partners.",
  },
  REGISTRATION_FAILED: {
    scope: ["registerAccount"],
    when: "No membership has this number, or it is not active.",
  },
  USERNAME_ALREADY_EXISTS: {
    scope: ["registerAccount"],
    when: "Another member already uses this username (compared without regard to case).",
  },
  AUTHENTICATION_FAILED: {
    scope: ["registerAccount"],
    when: "The postcode, registered identifier or date of birth does not match what the programme holds on file.",
  },
  CUSTOMER_ALREADY_EXISTS: {
    scope: ["registerAccount"],
    when: "The membership already has a security profile (child SECURITY_PROFILE_ALREADY_EXISTS).",
  },
  PHONE_NUMBER_INVALID: {
    scope: ["updateMembership"],
    when: "The phone's country code does not belong to the member's country of residence.",
  },
  POSTAL_ADDRESS_INVALID: {
    scope: ["updateMembership"],
    when: "The country code is not an ISO 3166-1 country, or the postcode is missing or not of the country's format.",
  },
  MEMBERSHIP_PROGRAMME_INVALID: {
    scope: ["updateMembership"],
    when: "programme.identifier names a programme the partner cannot offer, or one the member already belongs to.",
  },
  ADDRESS_NOT_SUPPORTED: {
    scope: ["updateMembership"],
    when: "A device type and type pair that does not exist, BUSINESS as the preferred postal address, or two postal addresses of the same type.",
  },
  DETAILS_ALREADY_EXIST: {
    scope: ["updateMembership"],
    when: "The title or date of birth is already set, or the postal address's country differs from the country of residence: these are added once and never changed.",
  },
  MANDATORY_DATA_MISSING: {
    scope: ["debitCurrency", "reverseTransaction", "registerAccount", "updateMembership"],
    when: "A mandatory element is missing, the body is not JSON, or an enumerated value is outside its list.",
  },
  ACCOUNT_INVALID: {
    scope: ["creditCurrency"],
    when: "No active account with this number in the programme, or externalTransactionDate in the future or not later than the member's join date.",
  },
  DUPLICATE_TRANSACTION: {
    scope: ["creditCurrency", "debitCurrency", "reverseTransaction"],
    when: "externalTransactionIdentifier was already used by this partner for another transaction of the same kind with a different body. The same body again is a safe retry, not a duplicate.",
  },
  INVALID_PROMOTER_CODE: { scope: ["creditCurrency"], when: "The partner has no active programme at all." },
  MEMBERSHIP_NUMBER_NAME_MISMATCH: {
    scope: ["creditCurrency"],
    when: "person.name.familyName is not the account holder's (a household account takes HOUSEHOLD or the holder's surname).",
  },
  PARTNER_INVALID: {
    scope: ["creditCurrency"],
    when: "The partner has programmes but is not registered with the programme on the path.",
  },
  PROGRAMME_INVALID: {
    scope: ["creditCurrency"],
    when: "Credits are taken for the primary programme only (NORTHSTAR).",
  },
  HEADER_INVALID: { scope: ["debitCurrency"], when: "The Content-Type is not application/json." },
  IDENTIFIER_NOT_ACTIVATED: { scope: ["debitCurrency"], when: "The membership is not activated (status INACTIVE)." },
  BALANCE_INSUFFICIENT: { scope: ["debitCurrency"], when: "The balance is below the amount to debit." },
  DEBIT_TOKEN_INVALID: {
    scope: ["debitCurrency"],
    when: "The member token sent is malformed, expired, revoked or of another partner.",
  },
  MEMBERSHIP_TOKEN_MISMATCH: {
    scope: ["debitCurrency"],
    when: "The account or programme on the path is not the token's.",
  },
  PRODUCT_SUMMARY_INCOMPLETE: {
    scope: ["debitCurrency"],
    when: "A productSummary item has neither productFeatureSummary nor productTypeSummary.",
  },
  ACCOUNT_NOT_AUTHORIZED: {
    scope: ["reverseTransaction"],
    when: "The account is cancelled, deceased, under fraud investigation or a group account.",
  },
  REVERSAL_NO_LONGER_PERMITTED: {
    scope: ["reverseTransaction"],
    when: "The debit is older than the partner's reversal window (24 hours in the sandbox).",
  },
  REVERSAL_NOT_PERMITTED: {
    scope: ["reverseTransaction"],
    when: "The transaction is not a debit, or the debit was already reversed.",
  },
  INVALID_MEMBER: {
    scope: ["reverseTransaction"],
    when: "From an offline channel (X-Agent-Id sent), a membership number that is not the token's.",
  },
};

/** The documentation of an entry, or what the catalogue alone says about a new one. */
export function errorDocOf(name: ErrorName, message: string): ErrorDoc {
  return errorDocs[name] ?? { scope: "every", when: message };
}
