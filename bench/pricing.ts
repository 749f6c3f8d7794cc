/**
 * Cost of the pure price engine (exact BigInt fractions), without HTTP or
 * database: `npx tsx --tsconfig tsconfig.json bench/pricing.ts`.
 */
import { priceOptions, type Money } from "@/server/loyalty/pricing/price-options";
import { readPricingConfiguration } from "@/server/loyalty/pricing/pricing-configuration";
import sandbox from "@/sandbox.json";

const config = readPricingConfiguration(sandbox.partners[0]!.pricing);
if (!config) throw new Error("the Demo Partner has no pricing configuration");

const currencies = ["GBP", "EUR", "USD", "ZAR"];
const prices: Money[] = Array.from({ length: 10_000 }, (_, index) => ({
  minorUnits: 1_000 + ((index * 7_919) % 99_990_000),
  currency: currencies[index % currencies.length]!,
}));

function run(rounds: number): number {
  let options = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const price of prices) {
      const outcome = priceOptions(price, {
        config: config!,
        priceType: "STATIC_DISCOUNT",
        adjustToBalance: round % 2 ? 5_000 : undefined,
      });
      if (outcome.priced) options += outcome.options.length;
    }
  }
  return options;
}

run(1); // warm up
const rounds = 5;
const started = performance.now();
const options = run(rounds);
const elapsed = performance.now() - started;
const calls = rounds * prices.length;
console.log(
  `${calls} prices, ${options} options in ${elapsed.toFixed(0)} ms: ${((elapsed * 1000) / calls).toFixed(1)} µs per price`,
);
