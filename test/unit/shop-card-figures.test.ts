import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductPriceRequest } from "@/lib/contract/product-pricing";
import { demoShopProducts } from "@/lib/shop/demo-shop";
import { productPrice } from "@/lib/shop/shop-catalogue";
import type { ListedProduct } from "@/server/portal/shop/shop-products";

// The shop's cards: one P9 per product for everyone, then none until the figure is stale.
const pricingCalls: ProductPriceRequest[] = [];
let failNext = false;

vi.mock("@/server/portal/loyalty-service", () => ({
  loyaltyService: () => ({
    retrieveProductPricing: async (request: ProductPriceRequest) => {
      pricingCalls.push(request);
      if (failNext) {
        failNext = false;
        throw new Error("service unavailable");
      }
      const key = Object.keys(request.priceSearchCriteria.product)[0]!;
      const option = (points: number) => ({
        pointsAmount: { amount: points },
        cashAmount: { amount: "0.00", currency: { code: "GBP" } },
      });
      return { product: { [key]: { price: [option(9_000), option(2_500), option(0)] } } };
    },
  }),
}));

const { cardFigureLifetimeMs, findFewestPoints, forgetCardFigures } =
  await import("@/server/portal/shop/find-fewest-points");

function listed(index: number): ListedProduct {
  const product = demoShopProducts()[index]!;
  const { minor, currency } = productPrice(product);
  return { product, priceMinor: minor, currency } as ListedProduct;
}

const now = new Date("2026-11-29T10:00:00Z");

beforeEach(() => {
  pricingCalls.length = 0;
  failNext = false;
  forgetCardFigures();
});

describe("the shop card's figure", () => {
  it("asks the service once per product, without the member, for any number of renders", async () => {
    const products = [0, 1, 2].map(listed);
    for (let render = 0; render < 5; render++)
      await Promise.all(products.map((product) => findFewestPoints(product, 60_000, now)));
    expect(pricingCalls).toHaveLength(3);
    for (const request of pricingCalls) expect(request.priceSearchCriteria.membership).toBeUndefined();
  });

  it("is the fewest points above zero, and nothing when the balance does not reach it", async () => {
    expect(await findFewestPoints(listed(0), 60_000, now)).toBe(2_500);
    expect(await findFewestPoints(listed(0), 2_499, now)).toBeUndefined();
    expect(await findFewestPoints(listed(0), undefined, now)).toBe(2_500);
    expect(pricingCalls).toHaveLength(1);
  });

  it("asks again once the figure is stale, or the day has changed", async () => {
    await findFewestPoints(listed(0), 60_000, now);
    await findFewestPoints(listed(0), 60_000, new Date(now.getTime() + cardFigureLifetimeMs - 1));
    expect(pricingCalls).toHaveLength(1);
    await findFewestPoints(listed(0), 60_000, new Date(now.getTime() + cardFigureLifetimeMs));
    expect(pricingCalls).toHaveLength(2);
    await findFewestPoints(listed(0), 60_000, new Date("2026-11-30T00:00:01Z"));
    expect(pricingCalls).toHaveLength(3);
  });

  it("does not remember a failure: the card shows no figure, the next render asks again", async () => {
    failNext = true;
    expect(await findFewestPoints(listed(0), 60_000, now)).toBeUndefined();
    expect(await findFewestPoints(listed(0), 60_000, now)).toBe(2_500);
    expect(pricingCalls).toHaveLength(2);
  });
});
