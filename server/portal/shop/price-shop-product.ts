import "server-only";
import type { PriceOption } from "@/lib/contract/product-pricing";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import type { MemberSession } from "@/server/portal/auth/member-session";
import { customerIp } from "@/server/portal/customer-ip";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { buildPricingRequest, pricedKey } from "./pricing-request";
import { saveQuote, type Quote } from "./quote-store";
import type { ListedProduct } from "./shop-products";

/**
 * Prices a product for the signed-in member through P9 and keeps the answer
 * as a quote. A member whose balance covers no option (BALANCE_INSUFFICIENT)
 * gets a quote without points options: paying in cash is still offered.
 * Other failures are the caller's to show.
 */
export async function priceShopProduct(
  session: MemberSession,
  listed: ListedProduct,
  balance: number | undefined,
  now: Date,
): Promise<Quote> {
  const request = buildPricingRequest(listed.product, session, now);
  let options: PriceOption[];
  try {
    const answer = await loyaltyService().retrieveProductPricing(request, {
      accessToken: session.accessToken,
      customerIp: await customerIp(),
    });
    options = answer.product[pricedKey(listed.product)]?.price ?? [];
  } catch (error) {
    if (!(error instanceof LoyaltyApiError && error.status === 400 && error.has("BALANCE_INSUFFICIENT"))) throw error;
    options = [];
  }
  return saveQuote(
    await getPortalDatabase(),
    session,
    { productId: listed.product.id, priceMinor: listed.priceMinor, currency: listed.currency, balance, options },
    now,
  );
}
