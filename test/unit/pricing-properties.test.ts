import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountInMinorUnits } from "@/lib/contract/product-pricing";
import { priceOptions, rateToBase, type PriceType, type PricingOutcome } from "@/server/loyalty/pricing/price-options";
import { pricingConfigurationSchema, type PricingConfiguration } from "@/server/loyalty/pricing/pricing-configuration";
import {
  add,
  compare,
  fromInteger,
  fromNumber,
  multiply,
  rational,
  subtract,
  type Rational,
} from "@/server/loyalty/pricing/rational";

const RUNS = 2_000;
const currencies = ["GBP", "EUR", "USD", "SEK", "ZAR", "KWD"] as const;

/** A decimal with up to `decimals` places in [min, max] (as the configuration stores them). */
const decimal = (min: number, max: number, decimals: number) =>
  fc
    .integer({ min: Math.round(min * 10 ** decimals), max: Math.round(max * 10 ** decimals) })
    .map((n) => n / 10 ** decimals);

const configuration: fc.Arbitrary<PricingConfiguration> = fc
  .record({
    baseCurrency: fc.constantFrom(...currencies),
    vppCurrency: fc.constantFrom(...currencies),
    rates: fc.tuple(...currencies.map(() => decimal(0.001, 5, 4))),
    pricePoints: fc.array(fc.record({ percentage: decimal(0.1, 100, 1), weight: decimal(0.1, 5, 2) }), {
      minLength: 1,
      maxLength: 6,
    }),
    minimumPoints: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000 })),
    maximumCashCap: fc.option(decimal(0, 5_000, 2), { nil: null }),
    vppAmount: decimal(0.0001, 0.1, 4),
  })
  .map((draft) =>
    pricingConfigurationSchema.parse({
      baseCurrency: draft.baseCurrency,
      preferredCurrencies: [draft.baseCurrency],
      products: ["FLIGHT"],
      pricePoints: draft.pricePoints,
      minimumPoints: draft.minimumPoints,
      maximumCashCap: draft.maximumCashCap,
      valuePerPoint: { amount: draft.vppAmount, currency: draft.vppCurrency },
      adjustAndRecalculate: true,
      exchangeRatesToGBP: Object.fromEntries(currencies.map((code, index) => [code, draft.rates[index]])),
    }),
  );

const scenario = fc.record({
  config: configuration,
  priceType: fc.constantFrom<PriceType>("STATIC_DISCOUNT", "DYNAMIC_DISCOUNT"),
  // Whole range of the contract, with small prices (where rounding and the minimum bite) well represented.
  minorUnits: fc.oneof(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 1, max: 10_000 })),
  currency: fc.constantFrom(...currencies),
  balance: fc.option(fc.oneof(fc.integer({ min: 0, max: 2_147_483_647 }), fc.integer({ min: 0, max: 50_000 })), {
    nil: undefined,
  }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function run(input: Scenario): PricingOutcome {
  return priceOptions(
    { minorUnits: input.minorUnits, currency: input.currency },
    { config: input.config, priceType: input.priceType, adjustToBalance: input.balance },
  );
}

const hundredth = rational(1n, 100n);
const priceOf = (input: Scenario): Rational => rational(BigInt(input.minorUnits), 100n);
const cashOf = (minorUnits: number): Rational => rational(BigInt(minorUnits), 100n);

/** Checks a property on every option of every priced scenario. */
function forEveryOption(
  check: (input: Scenario, option: Extract<PricingOutcome, { priced: true }>["options"][number]) => void,
) {
  fc.assert(
    fc.property(scenario, (input) => {
      const outcome = run(input);
      if (outcome.priced) for (const option of outcome.options) check(input, option);
    }),
    { numRuns: RUNS },
  );
}

describe("price engine properties", () => {
  it("prices most scenarios (the generators are not vacuous)", () => {
    let priced = 0;
    fc.assert(
      fc.property(scenario, (input) => {
        if (run(input).priced) priced += 1;
      }),
      { numRuns: RUNS },
    );
    expect(priced).toBeGreaterThan(RUNS / 3);
  });

  it("orders options by points ascending (then cash), each pair once, at least one option when priced", () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const outcome = run(input);
        if (!outcome.priced) return;
        expect(outcome.options.length).toBeGreaterThan(0);
        const keys = outcome.options.map((option) => `${option.points}:${option.cash.minorUnits}`);
        expect(new Set(keys).size).toBe(keys.length);
        outcome.options.slice(1).forEach((option, index) => {
          const previous = outcome.options[index]!;
          expect(
            option.points > previous.points ||
              (option.points === previous.points && option.cash.minorUnits > previous.cash.minorUnits),
          ).toBe(true);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it("gives whole points, at least the minimum and at least one", () => {
    forEveryOption((input, option) => {
      expect(Number.isSafeInteger(option.points)).toBe(true);
      expect(option.points).toBeGreaterThanOrEqual(Math.max(input.config.minimumPoints, 1));
      expect(option.points).toBeLessThanOrEqual(999_999);
    });
  });

  it("gives cash in whole hundredths of the request currency, never negative, never above the price", () => {
    forEveryOption((input, option) => {
      expect(option.cash.currency).toBe(input.currency);
      expect(Number.isSafeInteger(option.cash.minorUnits)).toBe(true);
      expect(option.cash.minorUnits).toBeGreaterThanOrEqual(0);
      expect(option.cash.minorUnits).toBeLessThanOrEqual(input.minorUnits);
    });
  });

  it("cash + points × value equals the price, less under 0.01: the member never pays more than the price", () => {
    forEveryOption((input, option) => {
      const paid = add(cashOf(option.cash.minorUnits), multiply(fromInteger(option.points), option.pointValue));
      const rest = subtract(priceOf(input), paid);
      expect(compare(rest, fromInteger(0))).toBeGreaterThanOrEqual(0);
      expect(compare(rest, hundredth)).toBeLessThan(0);
    });
  });

  it("keeps the cash within the cap, measured in the base currency", () => {
    forEveryOption((input, option) => {
      if (input.config.maximumCashCap === null) return;
      const toBase = rateToBase(input.config, input.currency)!;
      expect(
        compare(multiply(cashOf(option.cash.minorUnits), toBase), fromNumber(input.config.maximumCashCap)),
      ).toBeLessThanOrEqual(0);
    });
  });

  it("never asks more points than the balance when adjusting to it", () => {
    forEveryOption((input, option) => {
      if (input.balance !== undefined) expect(option.points).toBeLessThanOrEqual(input.balance);
    });
  });

  it("never increases the price through the round trip to the base currency", () => {
    forEveryOption((input, option) => {
      // Cash and points converted to the base currency are worth no more than the price converted there.
      const toBase = rateToBase(input.config, input.currency)!;
      const paidInBase = multiply(
        add(cashOf(option.cash.minorUnits), multiply(fromInteger(option.points), option.pointValue)),
        toBase,
      );
      expect(compare(paidInBase, multiply(priceOf(input), toBase))).toBeLessThanOrEqual(0);
    });
  });

  it("adjusting to a balance never adds options the member could not afford, nor refuses one the balance covers", () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 100_000 }), (input, balance) => {
        const free = run({ ...input, balance: undefined });
        const adjusted = run({ ...input, balance });
        if (!free.priced) {
          expect(adjusted.priced).toBe(false);
          return;
        }
        const affordable = free.options.filter((option) => option.points <= balance);
        if (affordable.length > 0) {
          expect(adjusted.priced).toBe(true);
          // Every option the balance covers unadjusted is still offered unchanged.
          const keys = new Set(
            adjusted.priced ? adjusted.options.map((option) => `${option.points}:${option.cash.minorUnits}`) : [],
          );
          for (const option of affordable) expect(keys.has(`${option.points}:${option.cash.minorUnits}`)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("refuses only for a reason that holds", () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const outcome = run(input);
        if (outcome.priced) return;
        if (outcome.refusal === "BALANCE_TOO_LOW") {
          expect(input.balance).toBeDefined();
          expect(run({ ...input, balance: undefined }).priced).toBe(true);
        }
        if (outcome.refusal === "CURRENCY_NOT_SUPPORTED") expect.unreachable("every generated currency has a rate");
      }),
      { numRuns: RUNS },
    );
  });
});

describe("contract amounts", () => {
  it("reads every amount of the contract's range back to its hundredths, as a number or as text", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (minorUnits) => {
        const amount = minorUnits / 100;
        expect(amountInMinorUnits(amount)).toBe(minorUnits);
        expect(amountInMinorUnits(amount.toFixed(2))).toBe(minorUnits);
      }),
      { numRuns: RUNS },
    );
  });
});
