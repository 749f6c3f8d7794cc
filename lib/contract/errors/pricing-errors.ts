import type { ErrorDefinition } from "../error-definition";

/**
 * P9 Retrieve product pricing ("Pricing errors": only SYSTEM_UNAVAILABLE is
 * shown; the rest is decided in docs/decisions.md, "P9"). Names carry a
 * PRICING_ prefix so they never clash with entries other areas add.
 */
export const pricingErrors = {
  PRICING_MANDATORY_DATA_MISSING: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "MANDATORY_DATA_MISSING",
    message: "A mandatory element of the price search criteria is missing.",
  },
  /** The spec's SYSTEM_UNAVAILABLE for a missing departure date range; bad input, so 400, never 5xx. */
  PRICING_DEPARTURE_DATE_MISSING: {
    status: 400,
    code: "SYSTEM_UNAVAILABLE",
    childCode: "MANDATORY_DATA_MISSING",
    message: "The departure date range of a flight leg is missing.",
  },
  PRICING_CURRENCY_NOT_SUPPORTED: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "CURRENCY_NOT_SUPPORTED",
    message: "The price is in a currency the partner's pricing agreement has no exchange rate for.",
  },
  PRICING_PRODUCT_NOT_AGREED: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "PRODUCT_NOT_SUPPORTED",
    message: "The partner's pricing agreement does not cover this product type.",
  },
  PRICING_PRICE_NOT_ELIGIBLE: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "PRICE_NOT_ELIGIBLE",
    message: "No points-and-cash option exists for this price under the partner's pricing agreement.",
  },
  PRICING_BALANCE_INSUFFICIENT: {
    status: 400,
    code: "BALANCE_INSUFFICIENT",
    message: "The member's balance does not reach the points of any price option.",
  },
  PRICING_NOT_AGREED: {
    status: 403,
    code: "REQUEST_UNAUTHORIZED",
    childCode: "PARTNER_INVALID",
    message: "The partner has no pricing agreement; product pricing is available to redemption partners only.",
  },
} as const satisfies Record<string, ErrorDefinition>;
