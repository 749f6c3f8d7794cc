import "server-only";
import { fewestPoints } from "@/lib/shop/price-choices";
import { logger } from "@/server/observability/logger";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { buildPricingRequest, pricedKey } from "./pricing-request";
import type { ListedProduct } from "./shop-products";

/**
 * How long a card's figure is reused. The programme's options for a product
 * change when its pricing configuration does, which is rare; a member sees
 * their own, exact options on the product page, priced afresh there.
 */
export const cardFigureLifetimeMs = 10 * 60_000;
/** Bounds the memo: a catalogue of this many products (by price and day) fits. */
const maxRememberedFigures = 500;

interface RememberedFigure {
  expiresAt: number;
  points: Promise<number | undefined>;
}

// Per instance, on purpose: it is a cache of what the service would answer
// anyone, so instances need not agree, and losing it costs one call a card.
const rememberedFigures = new Map<string, RememberedFigure>();

function figureKey(listed: ListedProduct, now: Date): string {
  return [listed.product.id, listed.priceMinor, listed.currency, now.toISOString().slice(0, 10)].join("|");
}

async function priceForAnyone(listed: ListedProduct, now: Date): Promise<number | undefined> {
  const answer = await loyaltyService().retrieveProductPricing(buildPricingRequest(listed.product, undefined, now));
  return fewestPoints(answer.product[pricedKey(listed.product)]?.price ?? []);
}

function forgetExpired(nowMs: number): void {
  for (const [key, figure] of rememberedFigures) if (figure.expiresAt <= nowMs) rememberedFigures.delete(key);
  // Oldest first: a Map iterates in insertion order.
  for (const key of rememberedFigures.keys()) {
    if (rememberedFigures.size < maxRememberedFigures) break;
    rememberedFigures.delete(key);
  }
}

/**
 * The fewest points any option of the product costs ("from N points" on the
 * shop's card), or undefined when it has no points option, the member's
 * balance does not reach it, or the service does not answer (the card then
 * shows its cash price alone, and the product page says why). An unknown
 * balance hides nothing.
 *
 * The card advertises the programme's options for anyone (P9 without a
 * member, which the spec allows before login), remembered for
 * `cardFigureLifetimeMs` and shared by every member and every render: a shop
 * of nine cards costs its P2 (the header's balance) and no P9 once warm,
 * instead of nine. Concurrent renders share one call per product.
 */
export async function findFewestPoints(
  listed: ListedProduct,
  balance: number | undefined,
  now: Date,
): Promise<number | undefined> {
  const key = figureKey(listed, now);
  let remembered = rememberedFigures.get(key);
  if (!remembered || remembered.expiresAt <= now.getTime()) {
    forgetExpired(now.getTime());
    const points = priceForAnyone(listed, now);
    remembered = { expiresAt: now.getTime() + cardFigureLifetimeMs, points };
    rememberedFigures.set(key, remembered);
    // A failed call is not remembered: the next render asks again.
    points.catch(() => {
      if (rememberedFigures.get(key)?.points === points) rememberedFigures.delete(key);
    });
  }
  try {
    const points = await remembered.points;
    return points !== undefined && (balance === undefined || points <= balance) ? points : undefined;
  } catch (error) {
    logger.warn({ err: error, productId: listed.product.id }, "shop card priced without points");
    return undefined;
  }
}

/** Forgets every remembered figure (tests). */
export function forgetCardFigures(): void {
  rememberedFigures.clear();
}
