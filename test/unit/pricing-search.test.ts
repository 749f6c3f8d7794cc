import { describe, expect, it } from "vitest";
import {
  productPriceRequestSchema,
  productPriceResponseSchema,
  type PriceSearchCriteria,
} from "@/lib/contract/product-pricing";
import { countProducts, priceSearch, productsToPrice } from "@/server/loyalty/pricing/price-search";
import { readPricingConfiguration } from "@/server/loyalty/pricing/pricing-configuration";
import sandbox from "@/sandbox.json";

const config = readPricingConfiguration(sandbox.partners[0]!.pricing)!;
const price = (amount: number, code = "GBP") => ({ monetaryAmount: { amount, currency: { code } } });

function criteria(product: Record<string, unknown>): PriceSearchCriteria {
  return productPriceRequestSchema("v2").parse({
    priceSearchCriteria: { priceType: "STATIC_DISCOUNT", priceSource: "CACHED", product },
  }).priceSearchCriteria;
}

describe("productsToPrice and countProducts", () => {
  it("prices a package as one unit on its total, but counts its items as products", () => {
    const product = criteria({
      hotel: { price: price(10) },
      packagedProduct: { hotel: [{ price: price(10.5) }, { price: price(20.25) }], insurance: [{ price: price(1) }] },
    }).product;
    expect(
      productsToPrice(product).map((unit) => [
        unit.kind,
        unit.price.minorUnits,
        unit.agreedTypes.map((agreed) => agreed.type),
      ]),
    ).toEqual([
      ["hotel", 1_000, ["HOTEL"]],
      ["packagedProduct", 3_175, ["PACKAGE", "HOTEL", "INSURANCE"]],
    ]);
    expect(countProducts(product)).toBe(4);
    expect(countProducts(criteria({ packagedProduct: { carHire: [{ price: price(5) }] } }).product)).toBe(1);
  });
});

describe("priceSearch", () => {
  it("builds a response the contract accepts", () => {
    const result = priceSearch(criteria({ carHire: { price: price(99.99, "USD") }, insurance: { price: price(30) } }), {
      config,
    });
    expect(result.ok).toBe(true);
    if (result.ok) productPriceResponseSchema.strict().parse(result.response);
  });

  it("lists every product it cannot price, with the path to blame", () => {
    const result = priceSearch(criteria({ carHire: { price: price(3) }, hotel: { price: price(300, "RUB") } }), {
      config,
    });
    expect(result).toEqual({
      ok: false,
      failures: [
        {
          reason: "BELOW_MINIMUM_POINTS",
          path: "priceSearchCriteria.product.carHire.price.monetaryAmount.amount",
          message: expect.any(String),
        },
        {
          reason: "CURRENCY_NOT_SUPPORTED",
          path: "priceSearchCriteria.product.hotel.price.monetaryAmount.currency.code",
          message: expect.stringContaining("RUB"),
        },
      ],
    });
  });

  it("checks the agreement before pricing anything", () => {
    const result = priceSearch(criteria({ carHire: { price: price(3) }, hotel: { price: price(300) } }), {
      config: { ...config, products: ["CAR_HIRE"] },
    });
    expect(result).toEqual({
      ok: false,
      failures: [
        { reason: "PRODUCT_NOT_AGREED", path: "priceSearchCriteria.product.hotel", message: expect.any(String) },
      ],
    });
  });
});
