import { creditExample, debitExample, reverseExample } from "@/lib/docs/operations/ledger";
import { registerExample } from "@/lib/docs/operations/memberships";
import { members, otherPartnerKeys, seededTransactions, svcClientApplicationName } from "@/lib/docs/sandbox-values";
import type { OperationId } from "@/lib/docs/operations/types";
import type { ErrorName } from "./catalogue";
import type { ErrorRecipe, RecipeRequest } from "./recipe-types";

export type { ErrorRecipe, RecipeRequest } from "./recipe-types";

const richNumber = members.rich.membershipNumber;
const account = (number: string) => `/api/v2/programmes/NORTHSTAR/accounts/${number}`;
const ledger = (number: string, operation: string, programme = "NORTHSTAR") =>
  `/api/v1/programmes/${programme}/accounts/${number}/${operation}-transaction-requests`;
const ownTransactions = "/api/v1/programmes/NORTHSTAR/accounts/transactions";
const registration = (number: string) => `/api/v2/memberships/${number}/registrations`;
const membership = (number: string) => `/api/v3/memberships/${number}`;
const pricing = "/api/v2/product-prices";

const member1 = { username: members.rich.username! };
const member1Reversing = { username: members.rich.username!, scope: "reverse_transaction" };
const appName = { svc_client_applicationName: svcClientApplicationName };
const debitHeaders = { svc_client_application_name: svcClientApplicationName };

const hotelAt = (amount: string, currency: string) => ({
  priceSearchCriteria: {
    priceType: "STATIC_DISCOUNT",
    priceSource: "CACHED",
    product: { hotel: { price: { monetaryAmount: { amount, currency: { code: currency } } } } },
  },
});

const reversalOf = (identifier: string, externalTransactionIdentifier: string) => ({
  reversalTransaction: {
    ...reverseExample.reversalTransaction,
    externalTransactionIdentifier,
    reversedTransaction: { identifier },
  },
});

function recipe(operation: OperationId | "unknown-path", why: string, request: RecipeRequest): ErrorRecipe {
  return { kind: "recipe", operation, why, request };
}

/**
 * One recipe per catalogue entry, used by the error catalogue page and by
 * test/http/error-recipes.test.ts, which sends each and expects the entry's
 * status and codes. Recipes only ever get refusals: following them changes
 * nothing in the sandbox.
 */
export const errorRecipes: Partial<Record<ErrorName, ErrorRecipe>> = {
  USAGE_RATE_LIMIT_EXCEEDED: {
    kind: "unreachable",
    reason:
      "The sandbox's daily quota (ten million requests per api_key) is out of reach of one request; the same code answers a registration locked after five attempts whose details did not match.",
  },
  REGISTRATION_LOCKED: {
    kind: "unreachable",
    reason:
      "Not with one request: five registrations of one membership whose details do not match (demo.member3's postcode is SW1A1AA; send another) lock it, and the sixth answers 429 with Retry-After.",
  },
  BODY_TOO_LARGE: {
    kind: "unreachable",
    reason:
      "Any JSON body over 64 KiB (a login form over 4 KiB, a token form over 8 KiB) gets it; a recipe that size has no place on this page: pad a credit's description to 70,000 characters.",
  },
  IDEMPOTENCY_KEY_INVALID: recipe("creditCurrency", "A quoted Idempotency-Key must end with its closing quote.", {
    method: "POST",
    path: ledger(richNumber, "credit"),
    headers: { "Idempotency-Key": '"unterminated' },
    body: creditExample,
  }),
  IDEMPOTENCY_KEY_REUSED: {
    kind: "unreachable",
    reason:
      "Not with one request: send a credit with a new Idempotency-Key, then the same key with another body (another amount, say); the second answers 422 and moves nothing.",
  },
  IDEMPOTENCY_KEY_IN_PROGRESS: {
    kind: "unreachable",
    reason:
      "Not with one request: two requests with one Idempotency-Key must overlap, and the sandbox answers a credit in milliseconds; test/api/idempotency-key.test.ts holds a key's claim open to show it.",
  },
  SYSTEM_UNAVAILABLE: {
    kind: "unreachable",
    reason:
      "Only an unexpected failure inside the service answers 503 SYSTEM_UNAVAILABLE; no request causes one on purpose. Quote the request id it carries to support. (Pricing's 400 SYSTEM_UNAVAILABLE has its own recipe below.)",
  },
  DEVELOPER_NOT_AUTHORIZED: recipe("retrieveProgrammeList", "The api_key is well formed but unknown.", {
    method: "GET",
    path: "/api/v1/programmes",
    apiKey: "SBX0UNKNOWN0KEY000000000",
  }),
  DEVELOPER_INACTIVE: recipe("retrieveProgrammeList", "The Inactive Partner's key.", {
    method: "GET",
    path: "/api/v1/programmes",
    apiKey: otherPartnerKeys.inactive,
  }),
  USAGE_RATE_EXCEEDED: {
    kind: "unreachable",
    reason:
      "It takes a burst of requests beyond the partner's rate, not one request; a recipe would slow the sandbox for everyone. Back off and retry after the time the answer gives.",
  },
  RESOURCE_NOT_FOUND: recipe("unknown-path", "No operation is served at this path.", {
    method: "GET",
    path: "/api/v1/no-such-operation",
  }),
  VERSION_NOT_SUPPORTED: recipe("retrieveProgrammeList", "Programmes are served on v1 only.", {
    method: "GET",
    path: "/api/v9/programmes",
  }),
  DATA_INVALID: recipe("retrieveProgramme", "A programme code holds letters only; this one has a zero.", {
    method: "GET",
    path: "/api/v1/programmes/N0RTHSTAR",
  }),
  METHOD_NOT_SUPPORTED: recipe("retrieveProgrammeList", "Programmes are read with GET.", {
    method: "DELETE",
    path: "/api/v1/programmes",
  }),
  HTTP_METHOD_NOT_SUPPORTED: recipe("creditCurrency", "Credits are requested with POST.", {
    method: "GET",
    path: ledger(richNumber, "credit"),
  }),
  NOT_ACCEPTABLE: recipe("retrieveProgrammeList", "The service answers JSON only.", {
    method: "GET",
    path: "/api/v1/programmes",
    headers: { Accept: "text/html" },
  }),
  UNSUPPORTED_MEDIA_TYPE: recipe("creditCurrency", "The body is declared as plain text.", {
    method: "POST",
    path: ledger(richNumber, "credit"),
    headers: { "Content-Type": "text/plain" },
    body: creditExample,
  }),
  TOKEN_INVALID: recipe("retrieveAccount", "No Authorization header.", { method: "GET", path: account(richNumber) }),
  TOKEN_EMPTY: recipe("retrieveAccount", "`Bearer` with no token after it.", {
    method: "GET",
    path: account(richNumber),
    headers: { Authorization: "Bearer" },
  }),
  MEMBER_NOT_AUTHORIZED: recipe("retrieveAccount", "demo.member1's token, demo.household's account.", {
    method: "GET",
    path: account(members.household.membershipNumber),
    memberToken: member1,
  }),
  INSUFFICIENT_SCOPE: recipe("reverseTransaction", "The token was issued with the default scope read.", {
    method: "POST",
    path: ledger(richNumber, "reverse"),
    memberToken: member1,
    body: reverseExample,
  }),
  PROGRAMME_NOT_FOUND: recipe("retrieveProgramme", "No programme has this code.", {
    method: "GET",
    path: "/api/v1/programmes/NOSUCHPROGRAMME",
  }),
  MEMBERSHIP_IDENTIFIER_INVALID: recipe(
    "retrieveProgrammeList",
    "demo.fraud's membership is under fraud investigation.",
    {
      method: "GET",
      path: "/api/v1/programmes",
      query: { "membership-identifier": members.fraud.membershipNumber },
    },
  ),
  ACCOUNT_NOT_FOUND: recipe("retrieveAccount", "demo.cancelled can log in, but its own account is cancelled.", {
    method: "GET",
    path: account(members.cancelled.membershipNumber),
    memberToken: { username: members.cancelled.username! },
  }),
  DATE_RANGE_INVALID: recipe("retrieveOwnTransactions", "The range starts after it ends.", {
    method: "GET",
    path: ownTransactions,
    query: { "date-made-from": "2026-02-01", "date-made-to": "2026-01-01" },
    headers: appName,
    memberToken: member1,
  }),
  RECORD_RANGE_INVALID: recipe("retrieveOwnTransactions", "start-record is above end-record.", {
    method: "GET",
    path: ownTransactions,
    query: { "start-record": "5", "end-record": "2" },
    headers: appName,
    memberToken: member1,
  }),
  PRICING_MANDATORY_DATA_MISSING: recipe("retrieveProductPrices", "priceType is missing.", {
    method: "POST",
    path: pricing,
    body: {
      priceSearchCriteria: { priceSource: "CACHED", product: hotelAt("420.00", "EUR").priceSearchCriteria.product },
    },
  }),
  PRICING_DEPARTURE_DATE_MISSING: recipe("retrieveProductPrices", "The flight leg has no schedule.", {
    method: "POST",
    path: pricing,
    body: {
      priceSearchCriteria: {
        priceType: "STATIC_DISCOUNT",
        priceSource: "CACHED",
        product: {
          flight: {
            segment: [
              {
                outbound: true,
                leg: [
                  {
                    departureLocation: { id: "LHR", type: "AIRPORT" },
                    arrivalLocation: { id: "MAD", type: "AIRPORT" },
                    marketingCarrier: { flightNumber: "117", iatacode: { code: "NS" } },
                    operatingCarrier: { flightNumber: "117", iatacode: { code: "NS" } },
                  },
                ],
              },
            ],
            price: { monetaryAmount: { amount: "180.00", currency: { code: "GBP" } } },
          },
        },
      },
    },
  }),
  PRICING_CURRENCY_NOT_SUPPORTED: recipe("retrieveProductPrices", "The Demo Partner's agreement has no rate for JPY.", {
    method: "POST",
    path: pricing,
    body: hotelAt("42000", "JPY"),
  }),
  PRICING_PRODUCT_NOT_AGREED: {
    kind: "unreachable",
    reason:
      "The sandbox's only pricing agreement (the Demo Partner's) covers all six product types, and the other partners have no agreement at all (PRICING_NOT_AGREED).",
  },
  PRICING_PRICE_NOT_ELIGIBLE: recipe(
    "retrieveProductPrices",
    "At 1.00 GBP even the whole price is 100 points, below the agreement's minimum of 1000.",
    { method: "POST", path: pricing, body: hotelAt("1.00", "GBP") },
  ),
  PRICING_BALANCE_INSUFFICIENT: recipe(
    "retrieveProductPrices",
    "demo.empty has 0 points: no option fits the balance.",
    {
      method: "POST",
      path: pricing,
      memberToken: { username: members.empty.username! },
      body: {
        priceSearchCriteria: {
          ...hotelAt("420.00", "EUR").priceSearchCriteria,
          membership: { membershipNumber: members.empty.membershipNumber },
        },
      },
    },
  ),
  PRICING_NOT_AGREED: recipe("retrieveProductPrices", "The Partner Without Programme has no pricing agreement.", {
    method: "POST",
    path: pricing,
    apiKey: otherPartnerKeys.withoutProgramme,
    body: hotelAt("420.00", "EUR"),
  }),
  REGISTRATION_FAILED: recipe("registerAccount", "No membership has this number.", {
    method: "POST",
    path: registration("3081999999999999"),
    body: registerExample,
  }),
  USERNAME_ALREADY_EXISTS: recipe("registerAccount", "demo.member1 is taken.", {
    method: "POST",
    path: registration(members.unregisteredGb.membershipNumber),
    body: {
      member: {
        ...registerExample.member,
        securityProfile: {
          ...registerExample.member.securityProfile,
          credentials: { identifier: members.rich.username!, password: "Tester#2026" },
        },
      },
    },
  }),
  AUTHENTICATION_FAILED: recipe(
    "registerAccount",
    `The programme holds ${members.unregisteredEs.dateOfBirth} as this member's date of birth.`,
    {
      method: "POST",
      path: registration(members.unregisteredEs.membershipNumber),
      body: { member: { securityProfile: registerExample.member.securityProfile, dateOfBirth: "1991-01-01" } },
    },
  ),
  CUSTOMER_ALREADY_EXISTS: recipe("registerAccount", "demo.member1 already has a security profile.", {
    method: "POST",
    path: registration(richNumber),
    body: registerExample,
  }),
  PHONE_NUMBER_INVALID: recipe("updateMembership", "demo.member1 lives in GB; +34 is Spain's code.", {
    method: "PATCH",
    path: membership(richNumber),
    memberToken: member1,
    body: {
      member: {
        person: {
          preferredTelecomAddress: { countryCode: "34", number: "600123456", type: "PERSONAL", deviceType: "MOBILE" },
        },
      },
    },
  }),
  POSTAL_ADDRESS_INVALID: recipe("updateMembership", "12345 is not a GB postcode.", {
    method: "PATCH",
    path: membership(richNumber),
    memberToken: member1,
    body: {
      member: {
        person: {
          preferredPostalAddress: {
            type: "PERSONAL",
            addressLines: ["1 Test Street"],
            countryCode: "GB",
            postCode: "12345",
          },
        },
      },
    },
  }),
  MEMBERSHIP_PROGRAMME_INVALID: recipe("updateMembership", "demo.member1 already belongs to NORTHSTAR.", {
    method: "PATCH",
    path: membership(richNumber),
    memberToken: member1,
    body: { programme: { identifier: "NORTHSTAR" } },
  }),
  ADDRESS_NOT_SUPPORTED: recipe("updateMembership", "The preferred postal address cannot be BUSINESS.", {
    method: "PATCH",
    path: membership(richNumber),
    memberToken: member1,
    body: {
      member: {
        person: {
          preferredPostalAddress: {
            type: "BUSINESS",
            addressLines: ["1 Test Street"],
            countryCode: "GB",
            postCode: "SW1A1AA",
          },
        },
      },
    },
  }),
  DETAILS_ALREADY_EXIST: recipe("updateMembership", "demo.household's title (MS) is already set.", {
    method: "PATCH",
    path: membership(members.household.membershipNumber),
    memberToken: { username: members.household.username! },
    body: { member: { person: { name: { title: "DR" } } } },
  }),
  MANDATORY_DATA_MISSING: recipe("registerAccount", "The body has no member.", {
    method: "POST",
    path: registration(members.unregisteredGb.membershipNumber),
    body: {},
  }),
  ACCOUNT_INVALID: recipe("creditCurrency", "No account has this number.", {
    method: "POST",
    path: ledger("3081000000000099", "credit"),
    body: creditExample,
  }),
  DUPLICATE_TRANSACTION: recipe(
    "creditCurrency",
    `${seededTransactions.credit} is the identifier of a seeded credit with another body.`,
    {
      method: "POST",
      path: ledger(richNumber, "credit"),
      body: { ...creditExample, externalTransactionIdentifier: seededTransactions.credit },
    },
  ),
  INVALID_PROMOTER_CODE: recipe("creditCurrency", "The Partner Without Programme has no programme to credit through.", {
    method: "POST",
    path: ledger(richNumber, "credit"),
    apiKey: otherPartnerKeys.withoutProgramme,
    body: creditExample,
  }),
  MEMBERSHIP_NUMBER_NAME_MISMATCH: recipe("creditCurrency", "demo.member1's family name is Example.", {
    method: "POST",
    path: ledger(richNumber, "credit"),
    body: { ...creditExample, person: { name: { firstName: "Alex", familyName: "Nobody" } } },
  }),
  PARTNER_INVALID: {
    kind: "unreachable",
    reason:
      "Every active sandbox partner with programmes is registered with NORTHSTAR, the only programme credits are taken for; the partner without any programme gets INVALID_PROMOTER_CODE first.",
  },
  PROGRAMME_INVALID: recipe("creditCurrency", "Credits are taken for NORTHSTAR only.", {
    method: "POST",
    path: ledger("3081000000000009", "credit", "MERIDIAN"),
    body: creditExample,
  }),
  HEADER_INVALID: recipe("debitCurrency", "The debit's body is declared as plain text (checked before the token).", {
    method: "POST",
    path: ledger(richNumber, "debit"),
    headers: { "Content-Type": "text/plain", ...debitHeaders },
    body: debitExample,
  }),
  IDENTIFIER_NOT_ACTIVATED: {
    kind: "unreachable",
    reason:
      "No sandbox membership is INACTIVE, and an inactive member could not log in to get the token a debit needs.",
  },
  BALANCE_INSUFFICIENT: recipe("debitCurrency", "demo.empty has 0 points.", {
    method: "POST",
    path: ledger(members.empty.membershipNumber, "debit"),
    headers: debitHeaders,
    memberToken: { username: members.empty.username! },
    body: debitExample,
  }),
  DEBIT_TOKEN_INVALID: recipe("debitCurrency", "The bearer value is not a token the service issued.", {
    method: "POST",
    path: ledger(richNumber, "debit"),
    headers: { Authorization: "Bearer not-a-token", ...debitHeaders },
    body: debitExample,
  }),
  MEMBERSHIP_TOKEN_MISMATCH: recipe("debitCurrency", "demo.member1's token, demo.household's account.", {
    method: "POST",
    path: ledger(members.household.membershipNumber, "debit"),
    headers: debitHeaders,
    memberToken: member1,
    body: debitExample,
  }),
  PRODUCT_SUMMARY_INCOMPLETE: recipe("debitCurrency", "The product summary has neither a type nor features.", {
    method: "POST",
    path: ledger(richNumber, "debit"),
    headers: debitHeaders,
    memberToken: member1,
    body: {
      debitTransaction: { ...debitExample.debitTransaction, productSummary: [{ productInstanceIdentifier: "ITEM-1" }] },
    },
  }),
  ACCOUNT_NOT_AUTHORIZED: recipe("reverseTransaction", "A cancelled account takes no reversal.", {
    method: "POST",
    path: ledger(members.cancelled.membershipNumber, "reverse"),
    memberToken: { username: members.cancelled.username!, scope: "reverse_transaction" },
    body: reverseExample,
  }),
  REVERSAL_NO_LONGER_PERMITTED: recipe(
    "reverseTransaction",
    `${seededTransactions.oldDebit} is 40 days old; the window is 24 hours.`,
    {
      method: "POST",
      path: ledger(richNumber, "reverse"),
      memberToken: member1Reversing,
      body: reversalOf(seededTransactions.oldDebit, "OLD-DEBIT-REVERSAL"),
    },
  ),
  REVERSAL_NOT_PERMITTED: recipe("reverseTransaction", `${seededTransactions.credit} is a credit, not a debit.`, {
    method: "POST",
    path: ledger(richNumber, "reverse"),
    memberToken: member1Reversing,
    body: reversalOf(seededTransactions.credit, "CREDIT-REVERSAL"),
  }),
  INVALID_MEMBER: recipe("reverseTransaction", "An agent keyed in demo.household's number with demo.member1's token.", {
    method: "POST",
    path: ledger(members.household.membershipNumber, "reverse"),
    headers: { "X-Agent-Id": "AGENT007" },
    memberToken: member1Reversing,
    body: reverseExample,
  }),
};
