import { describe, expect, it } from "vitest";
import {
  adjustsToBalance,
  priceOptions,
  type PricingOutcome,
  type PricingTerms,
} from "@/server/loyalty/pricing/price-options";
import { readPricingConfiguration, type PricingConfiguration } from "@/server/loyalty/pricing/pricing-configuration";
import sandbox from "@/sandbox.json";

const sandboxConfig = readPricingConfiguration(sandbox.partners[0]!.pricing)!;

function config(change: Partial<PricingConfiguration> = {}): PricingConfiguration {
  return { ...sandboxConfig, ...change };
}

function terms(change: Partial<PricingConfiguration> = {}, extra: Partial<PricingTerms> = {}): PricingTerms {
  return { config: config(change), priceType: "STATIC_DISCOUNT", ...extra };
}

/** Options as [points, cash in hundredths]. */
function pairs(outcome: PricingOutcome): [number, number][] {
  if (!outcome.priced) throw new Error(`refused: ${outcome.refusal}`);
  return outcome.options.map((option) => [option.points, option.cash.minorUnits]);
}

const gbp = (minorUnits: number) => ({ minorUnits, currency: "GBP" });

describe("priceOptions with the sandbox configuration (1 point = 0.01 GBP, minimum 1000)", () => {
  it("offers one option per price point: points pay p% of the price, cash the rest", () => {
    expect(pairs(priceOptions(gbp(15_000), terms()))).toEqual([
      [1_500, 13_500],
      [3_750, 11_250],
      [7_500, 7_500],
      [11_250, 3_750],
      [15_000, 0],
    ]);
  });

  it("rounds the points down, so the cash covers the fraction of a point", () => {
    // 10% of 123.45 is 12.345 GBP: 1234 points (12.34), cash 111.11.
    expect(pairs(priceOptions(gbp(12_345), terms()))[0]).toEqual([1_234, 11_111]);
  });

  it("raises points below the minimum to it, and keeps equal options once", () => {
    // 10% and 25% of 50.00 are 500 and 1250 points: the first is raised to 1000.
    expect(pairs(priceOptions(gbp(5_000), terms()))).toEqual([
      [1_000, 4_000],
      [1_250, 3_750],
      [2_500, 2_500],
      [3_750, 1_250],
      [5_000, 0],
    ]);
    // At 10.00 every price point is raised to the minimum, which is the whole price.
    expect(pairs(priceOptions(gbp(1_000), terms()))).toEqual([[1_000, 0]]);
  });

  it("refuses a price worth fewer points than the minimum", () => {
    expect(priceOptions(gbp(999), terms())).toEqual({ priced: false, refusal: "BELOW_MINIMUM_POINTS" });
  });

  it("never offers an option of zero points, even without a minimum", () => {
    expect(pairs(priceOptions(gbp(5), terms({ minimumPoints: 0 })))).toEqual([
      [1, 4],
      [2, 3],
      [3, 2],
      [5, 0],
    ]);
  });
});

describe("priceOptions: currencies", () => {
  it("prices another currency in the base currency and returns the cash in the request's", () => {
    // 100.00 EUR = 85.00 GBP. 10%: 850 points, raised to 1000 (11.7647 EUR): cash 88.23 (rounded down).
    const outcome = priceOptions({ minorUnits: 10_000, currency: "EUR" }, terms());
    expect(pairs(outcome)).toEqual([
      [1_000, 8_823],
      [2_125, 7_500],
      [4_250, 5_000],
      [6_375, 2_500],
      [8_500, 0],
    ]);
    expect(outcome.priced && outcome.options.every((option) => option.cash.currency === "EUR")).toBe(true);
  });

  it("refuses a currency without an exchange rate", () => {
    expect(priceOptions({ minorUnits: 10_000, currency: "RUB" }, terms())).toEqual({
      priced: false,
      refusal: "CURRENCY_NOT_SUPPORTED",
    });
  });

  it("works with a base currency other than GBP and a value per point in a third currency", () => {
    // Base EUR; 1 point = 0.01 GBP = 0.01 / 0.85 EUR. 85.00 EUR at 100%: 85 / (0.01/0.85) = 7225 points.
    const outcome = priceOptions(
      { minorUnits: 8_500, currency: "EUR" },
      terms({ baseCurrency: "EUR", pricePoints: [{ percentage: 100, weight: 1 }] }),
    );
    expect(pairs(outcome)).toEqual([[7_225, 0]]);
  });
});

describe("priceOptions: cash cap", () => {
  it("raises the points until the cash is within the cap", () => {
    // Cap 50.00: at least 10000 points on 150.00; the 10%, 25% and 50% options become one.
    expect(pairs(priceOptions(gbp(15_000), terms({ maximumCashCap: 50 })))).toEqual([
      [10_000, 5_000],
      [11_250, 3_750],
      [15_000, 0],
    ]);
  });

  it("applies the cap in the base currency to prices in other currencies", () => {
    // 200.00 EUR = 170.00 GBP; cap 50 GBP needs 12000 points; cash 58.82 EUR is 49.99 GBP.
    const [first] = pairs(priceOptions({ minorUnits: 20_000, currency: "EUR" }, terms({ maximumCashCap: 50 })));
    expect(first).toEqual([12_000, 5_882]);
  });

  it("refuses when the cap is below the cash any whole number of points leaves", () => {
    // 1 point = 0.03 GBP: 10.00 leaves at least 0.01 cash, above a cap of 0.005.
    const outcome = priceOptions(
      gbp(1_000),
      terms({ minimumPoints: 0, maximumCashCap: 0.005, valuePerPoint: { amount: 0.03, currency: "GBP" } }),
    );
    expect(outcome).toEqual({ priced: false, refusal: "CASH_CAP_UNREACHABLE" });
  });
});

describe("priceOptions: price type and weights", () => {
  const weighted = {
    pricePoints: [
      { percentage: 50, weight: 2 },
      { percentage: 100, weight: 0.5 },
    ],
  };

  it("DYNAMIC_DISCOUNT scales the value of a point by the price point's weight", () => {
    // 50% of 150.00 at 0.02 per point: 3750 points; 100% at 0.005 per point: 30000 points.
    expect(pairs(priceOptions(gbp(15_000), terms(weighted, { priceType: "DYNAMIC_DISCOUNT" })))).toEqual([
      [3_750, 7_500],
      [30_000, 0],
    ]);
  });

  it("STATIC_DISCOUNT ignores the weights", () => {
    expect(pairs(priceOptions(gbp(15_000), terms(weighted)))).toEqual([
      [7_500, 7_500],
      [15_000, 0],
    ]);
  });
});

describe("priceOptions: adjust to the member's balance", () => {
  it("lowers options above the balance to it and recomputes the cash", () => {
    expect(pairs(priceOptions(gbp(15_000), terms({}, { adjustToBalance: 5_000 })))).toEqual([
      [1_500, 13_500],
      [3_750, 11_250],
      [5_000, 10_000],
    ]);
  });

  it("refuses when the balance is below the minimum points", () => {
    expect(priceOptions(gbp(15_000), terms({}, { adjustToBalance: 999 }))).toEqual({
      priced: false,
      refusal: "BALANCE_TOO_LOW",
    });
  });

  it("drops an adjusted option whose cash would break the cap", () => {
    expect(priceOptions(gbp(15_000), terms({ maximumCashCap: 50 }, { adjustToBalance: 5_000 }))).toEqual({
      priced: false,
      refusal: "BALANCE_TOO_LOW",
    });
  });

  it("applies only with the partner's agreement, an authenticated member and one product", () => {
    const on = config({ adjustAndRecalculate: true });
    const off = config({ adjustAndRecalculate: false });
    expect(adjustsToBalance(on, { memberAuthenticated: true, productCount: 1 })).toBe(true);
    expect(adjustsToBalance(on, { memberAuthenticated: true, productCount: 2 })).toBe(false);
    expect(adjustsToBalance(on, { memberAuthenticated: false, productCount: 1 })).toBe(false);
    expect(adjustsToBalance(off, { memberAuthenticated: true, productCount: 1 })).toBe(false);
  });
});

describe("priceOptions: limits", () => {
  it("refuses a price whose every option needs more points than an option holds (6 digits)", () => {
    const outcome = priceOptions(gbp(99_999_999), terms({ valuePerPoint: { amount: 0.00001, currency: "GBP" } }));
    expect(outcome).toEqual({ priced: false, refusal: "POINTS_LIMIT_EXCEEDED" });
  });

  it("leaves out the options above 999,999 points and keeps the others", () => {
    const pricePoints = [10, 25, 50, 75, 100].map((percentage) => ({ percentage, weight: 1 }));
    const outcome = priceOptions(
      gbp(2_000_000),
      terms({ valuePerPoint: { amount: 0.01, currency: "GBP" }, minimumPoints: 0, maximumCashCap: null, pricePoints }),
    );
    expect(outcome.priced && outcome.options.map((option) => option.points)).toEqual([200_000, 500_000]);
  });

  it("keeps an option of exactly 999,999 points", () => {
    const outcome = priceOptions(
      gbp(999_999),
      terms({
        valuePerPoint: { amount: 0.01, currency: "GBP" },
        minimumPoints: 0,
        maximumCashCap: null,
        pricePoints: [{ percentage: 100, weight: 1 }],
      }),
    );
    expect(outcome).toMatchObject({ priced: true, options: [{ points: 999_999, cash: { minorUnits: 0 } }] });
  });
});
