/**
 * The points-and-cash price engine (P9): pure, no I/O. Given one price and
 * the partner's agreed configuration it returns the discount price options,
 * each a whole number of points plus the cash left to pay.
 *
 * Definitions (all arithmetic exact, see ./rational.ts):
 *   P      the price, in its own currency X (hundredths, as the contract allows)
 *   r      value of 1 unit of X in the base currency B = rate(X) / rate(B),
 *          rates read from `exchangeRatesToGBP` (1 unit of X = rate(X) GBP)
 *   P_B    = P · r, the price in the base currency
 *   v      value of one point in B = valuePerPoint.amount · rate(vpp currency) / rate(B)
 *   u_i    value of one point at price point i: v for STATIC_DISCOUNT;
 *          v · weight_i for DYNAMIC_DISCOUNT (the weight makes points of that
 *          price point worth more, > 1, or less, < 1)
 *
 * For each price point i (percentage p_i):
 *   1. points  = floor(P_B · p_i / 100 / u_i): the points never pay more than p_i of the price
 *   2. minimum: points below max(minimumPoints, 1) are raised to it
 *   3. cash cap: when P_B − points · u_i > cap, points are raised to ceil((P_B − cap) / u_i)
 *   4. an option whose points exceed floor(P_B / u_i) (the whole price) or
 *      MAX_OPTION_POINTS is dropped: it cannot meet 2 and 3 without the member
 *      paying more than the price
 *   5. adjust-and-recalculate (only when the caller passes a balance): points
 *      above the balance are lowered to it; the option is dropped when that
 *      breaks the minimum or the cap
 *   6. cash = floor to the hundredth of (P − points · u_i / r), in X; the
 *      cash is never negative and never above P
 *
 * Rounding: points are rounded down at step 1 and up only to meet the
 * minimum or the cap; cash is rounded down once, at the end, in the request
 * currency, with no intermediate conversion of the price. So for every option
 *   0 ≤ P − (cash + points · u_i / r) < 0.01
 * the member never pays more than the price (at most 0.01 less), and a price
 * in another currency is never increased by the round trip through B.
 *
 * Options are ordered by points ascending, then cash ascending; options equal
 * in points and cash (several price points raised to the same minimum, or
 * lowered to the same balance) are kept once.
 */
import { MAX_OPTION_POINTS } from "@/lib/contract/product-pricing";
import type { PricingConfiguration } from "./pricing-configuration";
import {
  ceil,
  compare,
  divide,
  floor,
  fromInteger,
  fromNumber,
  multiply,
  rational,
  subtract,
  type Rational,
} from "./rational";

export type PriceType = "STATIC_DISCOUNT" | "DYNAMIC_DISCOUNT";

/** An amount in hundredths of a currency unit. */
export interface Money {
  minorUnits: number;
  currency: string;
}

export interface PricingTerms {
  config: PricingConfiguration;
  priceType: PriceType;
  /** The member's balance, only when the options are to be adjusted to it (see `adjustsToBalance`). */
  adjustToBalance?: number;
}

export interface PointsAndCash {
  points: number;
  /** The cash left to pay, in the price's currency. */
  cash: Money;
  /** Exact value of one point of this option in the price's currency: for checks, not sent. */
  pointValue: Rational;
}

export type PricingRefusal =
  /** No exchange rate for the price's currency. */
  | "CURRENCY_NOT_SUPPORTED"
  /** The whole price is worth fewer points than the minimum. */
  | "BELOW_MINIMUM_POINTS"
  /** No option leaves cash within the cap (the cap is below the value of one point). */
  | "CASH_CAP_UNREACHABLE"
  /** The points would exceed MAX_OPTION_POINTS. */
  | "POINTS_LIMIT_EXCEEDED"
  /** Options exist, but none within the member's balance. */
  | "BALANCE_TOO_LOW";

export type PricingOutcome = { priced: true; options: PointsAndCash[] } | { priced: false; refusal: PricingRefusal };

const HUNDRED = fromInteger(100);

/** Value of 1 unit of `currency` in the base currency, or undefined without a rate. */
export function rateToBase(config: PricingConfiguration, currency: string): Rational | undefined {
  const rate = config.exchangeRatesToGBP[currency];
  const baseRate = config.exchangeRatesToGBP[config.baseCurrency];
  if (rate === undefined || baseRate === undefined) return undefined;
  return divide(fromNumber(rate), fromNumber(baseRate));
}

/** Value of one point in the base currency at a price point (u_i above). */
export function pointValueInBase(
  config: PricingConfiguration,
  priceType: PriceType,
  pricePoint: PricingConfiguration["pricePoints"][number],
): Rational {
  const vppRate = rateToBase(config, config.valuePerPoint.currency);
  // The configuration schema guarantees a rate for the value-per-point currency.
  if (!vppRate) throw new Error(`no exchange rate for ${config.valuePerPoint.currency}`);
  const value = multiply(fromNumber(config.valuePerPoint.amount), vppRate);
  return priceType === "DYNAMIC_DISCOUNT" ? multiply(value, fromNumber(pricePoint.weight)) : value;
}

/**
 * Adjust-and-recalculate applies only when the partner agreed to it, the
 * member is authenticated (membership number and that member's token), and
 * the request prices a single product (the spec: never with more than one).
 */
export function adjustsToBalance(
  config: PricingConfiguration,
  request: { memberAuthenticated: boolean; productCount: number },
): boolean {
  return config.adjustAndRecalculate && request.memberAuthenticated && request.productCount === 1;
}

interface Candidate {
  points: bigint;
  unit: Rational;
  /** Value of one point of this option in the price's currency (unit / toBase). */
  pointValue: Rational;
}

type Failure = "minimum" | "cap" | "limit";

/** What a price point contributes, whatever the price: exact constants of the configuration. */
interface PreparedPricePoint {
  /** u_i: value of one point in the base currency. */
  unit: Rational;
  /** p_i / 100 / u_i: points per base-currency unit of price, before flooring. */
  pointsPerBaseUnit: Rational;
  /** u_i / r: value of one point in the price's currency. */
  pointValue: Rational;
}

interface PreparedTerms {
  toBase: Rational;
  pricePoints: PreparedPricePoint[];
  cap: Rational | undefined;
}

/**
 * The configuration's constants for one price type and currency, computed
 * once per stored configuration (the parsed configuration is reused while
 * the partner is remembered). Exact fractions, so precomputing changes no
 * result: only the order of exact operations differs.
 */
const preparedByConfig = new WeakMap<PricingConfiguration, Map<string, PreparedTerms | null>>();

function preparedTerms(config: PricingConfiguration, priceType: PriceType, currency: string): PreparedTerms | null {
  let byKey = preparedByConfig.get(config);
  if (!byKey) {
    byKey = new Map();
    preparedByConfig.set(config, byKey);
  }
  const key = `${priceType}:${currency}`;
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const toBase = rateToBase(config, currency);
  const prepared = toBase
    ? {
        toBase,
        pricePoints: config.pricePoints.map((pricePoint) => {
          const unit = pointValueInBase(config, priceType, pricePoint);
          return {
            unit,
            pointsPerBaseUnit: divide(fromNumber(pricePoint.percentage), multiply(unit, HUNDRED)),
            pointValue: divide(unit, toBase),
          };
        }),
        cap: config.maximumCashCap === null ? undefined : fromNumber(config.maximumCashCap),
      }
    : null;
  // Requests name currencies: only those the configuration has a rate for are kept, so the map stays small.
  if (prepared) byKey.set(key, prepared);
  return prepared;
}

export function priceOptions(price: Money, terms: PricingTerms): PricingOutcome {
  const { config } = terms;
  const prepared = preparedTerms(config, terms.priceType, price.currency);
  if (!prepared) return { priced: false, refusal: "CURRENCY_NOT_SUPPORTED" };
  const { toBase, cap } = prepared;

  const priceInCurrency = rational(BigInt(price.minorUnits), 100n);
  const priceInBase = multiply(priceInCurrency, toBase);
  const minimum = BigInt(Math.max(config.minimumPoints, 1));
  /** Does the cash left after `points` of value `unit` stay within the cap (in the base currency)? */
  const withinCap = (points: bigint, unit: Rational) =>
    !cap || compare(subtract(priceInBase, multiply(fromInteger(points), unit)), cap) <= 0;

  const candidates: Candidate[] = [];
  const failures: Failure[] = [];
  for (const { unit, pointsPerBaseUnit, pointValue } of prepared.pricePoints) {
    const wholePrice = floor(divide(priceInBase, unit));
    let points = floor(multiply(priceInBase, pointsPerBaseUnit));
    if (points < minimum) points = minimum;
    if (cap) {
      const needed = ceil(divide(subtract(priceInBase, cap), unit));
      if (points < needed) points = needed;
    }
    if (points > wholePrice) failures.push(wholePrice < minimum ? "minimum" : "cap");
    else if (points > BigInt(MAX_OPTION_POINTS)) failures.push("limit");
    else candidates.push({ points, unit, pointValue });
  }
  if (candidates.length === 0) {
    const refusal: PricingRefusal = failures.every((failure) => failure === "minimum")
      ? "BELOW_MINIMUM_POINTS"
      : failures.includes("cap")
        ? "CASH_CAP_UNREACHABLE"
        : "POINTS_LIMIT_EXCEEDED";
    return { priced: false, refusal };
  }

  let affordable = candidates;
  if (terms.adjustToBalance !== undefined) {
    const balance = BigInt(terms.adjustToBalance);
    affordable = candidates.flatMap((candidate) => {
      if (candidate.points <= balance) return [candidate];
      if (balance < minimum || !withinCap(balance, candidate.unit)) return [];
      return [{ ...candidate, points: balance }];
    });
    if (affordable.length === 0) return { priced: false, refusal: "BALANCE_TOO_LOW" };
  }

  const seen = new Set<string>();
  const options: PointsAndCash[] = [];
  for (const { points, pointValue } of affordable) {
    const cashLeft = subtract(priceInCurrency, multiply(fromInteger(points), pointValue));
    const cashMinorUnits = floor(multiply(cashLeft, HUNDRED));
    const key = `${points}:${cashMinorUnits}`;
    if (seen.has(key)) continue;
    seen.add(key);
    options.push({
      points: Number(points),
      cash: { minorUnits: Number(cashMinorUnits), currency: price.currency },
      pointValue,
    });
  }
  options.sort((a, b) => a.points - b.points || a.cash.minorUnits - b.cash.minorUnits);
  return { priced: true, options };
}
