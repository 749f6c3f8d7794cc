import "server-only";
import {
  judgingTimeBy,
  productPriceRequestSchema,
  productPricingVersions,
  type ProductPricingVersion,
} from "@/lib/contract/product-pricing";
import type { Database } from "@/server/db/connect";
import type { Partner } from "@/server/loyalty/partners/partner-tables";
import type { ErrorName } from "@/lib/contract/error-catalogue";
import { authenticateMember, type AuthenticatedMember } from "@/server/loyalty/http/member-token";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";
import { adjustsToBalance } from "@/server/loyalty/pricing/price-options";
import { countProducts, priceSearch, type SearchFailure } from "@/server/loyalty/pricing/price-search";
import { readPricingConfiguration } from "@/server/loyalty/pricing/pricing-configuration";
import type { RequestHeaders } from "@/server/loyalty/http/partner-request";

/**
 * `POST /{version}/product-prices` (P9): discount price options for the
 * products of the request, from the api_key partner's pricing agreement.
 * Wrapped error shape, like the other POST operations (docs/decisions.md).
 */
export const retrieveProductPrices = partnerOperation({
  name: "retrieve-product-prices",
  method: "POST",
  versions: productPricingVersions,
  errorShape: "wrapped",
  takesJsonBody: true,
  forwardedForFirstOnly: true,
  errors: { invalidJson: "PRICING_MANDATORY_DATA_MISSING" },
  async handle({ db, body, version, partner, request, clock }) {
    // "Not in the past" is judged by the sandbox's clock: a date before a moved clock's now is refused.
    const { priceSearchCriteria: criteria } = judgingTimeBy(
      () => clock.now().getTime(),
      () =>
        validateInput(productPriceRequestSchema(version as ProductPricingVersion), body, {
          invalid: "DATA_INVALID",
          missing: "PRICING_MANDATORY_DATA_MISSING",
        }),
    );
    const member = await authenticatePricingMember(db, request, partner, criteria.membership?.membershipNumber);

    const config = readPricingConfiguration(partner.pricingConfiguration);
    if (!config) throw new ServiceError("PRICING_NOT_AGREED");

    const adjust = adjustsToBalance(config, {
      memberAuthenticated: member !== undefined,
      productCount: countProducts(criteria.product),
    });
    // Only the stored balance of the token's member is trusted; `membership.balance` is never used to price.
    const adjustToBalance = adjust && member ? await balanceOf(db, member.membershipNumber) : undefined;

    const result = priceSearch(criteria, { config, adjustToBalance });
    if (!result.ok) throw refusal(result.failures);
    return { status: 200, body: result.response };
  },
});

/**
 * The spec's conditional Authorization: checked only when a membership
 * number is sent, and then it must be that member's own token.
 */
async function authenticatePricingMember(
  db: Database,
  request: RequestHeaders,
  partner: Partner,
  membershipNumber: string | undefined,
): Promise<AuthenticatedMember | undefined> {
  if (membershipNumber === undefined) return undefined;
  const member = await authenticateMember(db, request, partner);
  if (member.membershipNumber !== membershipNumber) {
    throw new ServiceError("MEMBER_NOT_AUTHORIZED", {
      developerMessage: "The access token is not that of membership.membershipNumber.",
      headers: { "WWW-Authenticate": 'Bearer realm="loyalty", error="invalid_token"' },
    });
  }
  return member;
}

async function balanceOf(db: Database, membershipNumber: string): Promise<number> {
  const record = await findMemberByMembershipNumber(db, membershipNumber);
  // A verified member token names an existing member; a missing one means the token outlived it.
  if (!record) throw new ServiceError("TOKEN_INVALID", { developerMessage: "The token's member no longer exists." });
  return Number(record.account.balance);
}

const errorOf: Record<SearchFailure["reason"], ErrorName> = {
  PRODUCT_NOT_AGREED: "PRICING_PRODUCT_NOT_AGREED",
  CURRENCY_NOT_SUPPORTED: "PRICING_CURRENCY_NOT_SUPPORTED",
  BELOW_MINIMUM_POINTS: "PRICING_PRICE_NOT_ELIGIBLE",
  CASH_CAP_UNREACHABLE: "PRICING_PRICE_NOT_ELIGIBLE",
  POINTS_LIMIT_EXCEEDED: "PRICING_PRICE_NOT_ELIGIBLE",
  BALANCE_TOO_LOW: "PRICING_BALANCE_INSUFFICIENT",
};

/** As for validation: the error of the first failure, with a child per failure of that same error. */
function refusal(failures: SearchFailure[]): ServiceError {
  const first = failures[0];
  if (!first) throw new Error("a refused price search lists its failures");
  const errorName = errorOf[first.reason];
  if (errorName === "PRICING_BALANCE_INSUFFICIENT")
    return new ServiceError(errorName, { developerMessage: first.message });
  const children = failures
    .filter((failure) => errorOf[failure.reason] === errorName)
    .map((failure) => ({ path: failure.path, developerMessage: failure.message }));
  return new ServiceError(errorName, { children, developerMessage: first.message });
}
