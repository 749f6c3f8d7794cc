import "server-only";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { fewestPoints } from "@/lib/shop/price-choices";
import { logger } from "@/server/observability/logger";
import type { MemberSession } from "@/server/portal/auth/member-session";
import { customerIp } from "@/server/portal/customer-ip";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { buildPricingRequest, pricedKey } from "./pricing-request";
import type { ListedProduct } from "./shop-products";

/**
 * The fewest points any option of the product costs this member ("from N
 * points" on the shop's card), priced by P9 exactly as the product page
 * prices it, but kept as no quote: the card only advertises. Undefined when
 * no points option is left (BALANCE_INSUFFICIENT) or the service does not
 * answer: the card then shows its cash price alone, and the product page
 * says why.
 */
export async function findFewestPoints(
  session: MemberSession,
  listed: ListedProduct,
  now: Date,
): Promise<number | undefined> {
  try {
    const answer = await loyaltyService().retrieveProductPricing(buildPricingRequest(listed.product, session, now), {
      accessToken: session.accessToken,
      customerIp: await customerIp(),
    });
    return fewestPoints(answer.product[pricedKey(listed.product)]?.price ?? []);
  } catch (error) {
    if (!(error instanceof LoyaltyApiError && error.status === 400 && error.has("BALANCE_INSUFFICIENT")))
      logger.warn({ err: error, productId: listed.product.id }, "shop card priced without points");
    return undefined;
  }
}
