import { describe, expect, it } from "vitest";
import { readPricingConfiguration } from "@/server/loyalty/pricing/pricing-configuration";
import sandbox from "@/sandbox.json";

const sandboxPricing = sandbox.partners[0]!.pricing!;

describe("readPricingConfiguration", () => {
  it("reads the Demo Partner's configuration from sandbox.json", () => {
    const config = readPricingConfiguration(sandboxPricing);
    expect(config?.baseCurrency).toBe("GBP");
    expect(config?.pricePoints.map((point) => point.percentage)).toEqual([10, 25, 50, 75, 100]);
    expect(config?.exchangeRatesToGBP.EUR).toBe(0.85);
  });

  it("answers null for a partner without a pricing agreement", () => {
    expect(readPricingConfiguration(null)).toBeNull();
    expect(readPricingConfiguration(undefined)).toBeNull();
  });

  it.each([
    ["no price point", { pricePoints: [] }],
    ["a percentage above 100", { pricePoints: [{ percentage: 120, weight: 1 }] }],
    ["a zero weight", { pricePoints: [{ percentage: 50, weight: 0 }] }],
    ["a zero value per point", { valuePerPoint: { amount: 0, currency: "GBP" } }],
    ["an unknown product type", { products: ["FLIGHT", "CRUISE"] }],
    ["a negative cash cap", { maximumCashCap: -1 }],
    ["a fractional minimum", { minimumPoints: 10.5 }],
    ["a base currency without rate", { baseCurrency: "JPY" }],
    ["a preferred currency without rate", { preferredCurrencies: ["GBP", "RUB"] }],
    ["a zero exchange rate", { exchangeRatesToGBP: { GBP: 1, EUR: 0 } }],
  ])("refuses a stored configuration with %s (a fault of the service, not of the request)", (_label, change) => {
    expect(() => readPricingConfiguration({ ...sandboxPricing, ...change })).toThrow(
      /pricing configuration is invalid/,
    );
  });
});
