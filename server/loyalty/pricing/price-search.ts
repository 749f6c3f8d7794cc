import {
  amountInMinorUnits,
  type PriceInput,
  type PriceSearchCriteria,
  type ProductInput,
  type ProductKind,
  type ProductPriceResponse,
} from "@/lib/contract/product-pricing";
import { echoFlight, toPriceOption } from "./price-echo";
import { priceOptions, type Money, type PointsAndCash, type PricingRefusal, type PriceType } from "./price-options";
import type { AgreedProductType, PricingConfiguration } from "./pricing-configuration";

/**
 * A whole price search: the products of a request, each priced on its own
 * (a package on the total of its items), and the response built from the
 * options. Pure: the operation supplies the configuration and, when the
 * options are adjusted, the member's balance.
 */

const requestPath = "priceSearchCriteria.product";

/** One priced unit of the request: a single product, or a whole package. */
export interface ProductToPrice {
  kind: ProductKind;
  /** Where it sits in the request, for childError paths. */
  path: string;
  /** Path of the currency code the price is in (a package's first item's). */
  currencyPath: string;
  price: Money;
  /** Types the partner's agreement must list: its own, and for a package PACKAGE plus each item's. */
  agreedTypes: { type: AgreedProductType; path: string }[];
}

const agreedTypeOf = {
  flight: "FLIGHT",
  flightAncillary: "FLIGHT_ANCILLARY",
  carHire: "CAR_HIRE",
  hotel: "HOTEL",
  insurance: "INSURANCE",
  packagedProduct: "PACKAGE",
} as const satisfies Record<ProductKind, AgreedProductType>;

const singleKinds = ["flight", "flightAncillary", "carHire", "hotel", "insurance"] as const;

function moneyOf(price: PriceInput): Money {
  return { minorUnits: amountInMinorUnits(price.monetaryAmount.amount), currency: price.monetaryAmount.currency.code };
}

const currencySuffix = "price.monetaryAmount.currency.code";

/** The products of a request in contract order; a package is one unit priced on its total. */
export function productsToPrice(product: ProductInput): ProductToPrice[] {
  const units: ProductToPrice[] = [];
  for (const kind of singleKinds) {
    const item = product[kind];
    if (!item) continue;
    const path = `${requestPath}.${kind}`;
    units.push({
      kind,
      path,
      currencyPath: `${path}.${currencySuffix}`,
      price: moneyOf(item.price),
      agreedTypes: [{ type: agreedTypeOf[kind], path }],
    });
  }
  const pack = product.packagedProduct;
  if (pack) {
    const path = `${requestPath}.packagedProduct`;
    const items = singleKinds.flatMap((kind) =>
      (pack[kind] ?? []).map((item: { price: PriceInput }, index) => ({
        kind,
        path: `${path}.${kind}[${index}]`,
        price: item.price,
      })),
    );
    const first = items[0];
    // The contract guarantees at least one item, all in one currency.
    if (first) {
      const kindsInPackage = singleKinds.filter((kind) => (pack[kind] ?? []).length > 0);
      units.push({
        kind: "packagedProduct",
        path,
        currencyPath: `${first.path}.${currencySuffix}`,
        price: {
          minorUnits: items.reduce((sum, item) => sum + amountInMinorUnits(item.price.monetaryAmount.amount), 0),
          currency: first.price.monetaryAmount.currency.code,
        },
        agreedTypes: [
          { type: "PACKAGE", path },
          ...kindsInPackage.map((kind) => ({ type: agreedTypeOf[kind], path: `${path}.${kind}` })),
        ],
      });
    }
  }
  return units;
}

/**
 * How many products a request prices, for the "never when more than one
 * product is sent" rule: each single product counts one, a package counts
 * its items (it is a mix of products).
 */
export function countProducts(product: ProductInput): number {
  const singles = singleKinds.filter((kind) => product[kind] !== undefined).length;
  const pack = product.packagedProduct;
  const packaged = pack ? singleKinds.reduce((sum, kind) => sum + (pack[kind]?.length ?? 0), 0) : 0;
  return singles + packaged;
}

export type SearchFailure = { reason: "PRODUCT_NOT_AGREED" | PricingRefusal; path: string; message: string };

export type SearchResult = { ok: true; response: ProductPriceResponse } | { ok: false; failures: SearchFailure[] };

export interface SearchTerms {
  config: PricingConfiguration;
  /** The authenticated member's balance, only when the options are adjusted to it. */
  adjustToBalance?: number;
}

const refusalMessages: Record<PricingRefusal, (unit: ProductToPrice) => string> = {
  CURRENCY_NOT_SUPPORTED: (unit) => `no exchange rate is agreed for ${unit.price.currency}`,
  BELOW_MINIMUM_POINTS: () => "the whole price is worth fewer points than the agreed minimum",
  CASH_CAP_UNREACHABLE: () => "no option leaves the cash within the agreed cash cap",
  POINTS_LIMIT_EXCEEDED: () => "every option would need more than 999999 points, the most an option can hold",
  BALANCE_TOO_LOW: () => "the member's balance does not reach the points of any option",
};

function failurePath(unit: ProductToPrice, refusal: PricingRefusal): string {
  if (refusal === "CURRENCY_NOT_SUPPORTED") return unit.currencyPath;
  return unit.kind === "packagedProduct" ? unit.path : `${unit.path}.price.monetaryAmount.amount`;
}

/**
 * Prices every product of the criteria. Refuses, listing each failing
 * product, when a product type is not in the agreement (checked for all
 * products first), or when a product cannot be priced.
 */
export function priceSearch(criteria: PriceSearchCriteria, terms: SearchTerms): SearchResult {
  const units = productsToPrice(criteria.product);
  const agreed = new Set<AgreedProductType>(terms.config.products);
  const notAgreed = units.flatMap((unit) =>
    unit.agreedTypes
      .filter(({ type }) => !agreed.has(type))
      .map(({ type, path }) => ({
        reason: "PRODUCT_NOT_AGREED" as const,
        path,
        message: `${type} is not in the partner's pricing agreement`,
      })),
  );
  if (notAgreed.length > 0) return { ok: false, failures: notAgreed };

  const priceType: PriceType = criteria.priceType;
  const failures: SearchFailure[] = [];
  const priced = new Map<ProductKind, PointsAndCash[]>();
  for (const unit of units) {
    const outcome = priceOptions(unit.price, {
      config: terms.config,
      priceType,
      adjustToBalance: terms.adjustToBalance,
    });
    if (outcome.priced) priced.set(unit.kind, outcome.options);
    else
      failures.push({
        reason: outcome.refusal,
        path: failurePath(unit, outcome.refusal),
        message: refusalMessages[outcome.refusal](unit),
      });
  }
  if (failures.length > 0) return { ok: false, failures };
  return { ok: true, response: buildResponse(criteria.product, priced) };
}

function buildResponse(product: ProductInput, priced: ReadonlyMap<ProductKind, PointsAndCash[]>): ProductPriceResponse {
  const optionsOf = (kind: ProductKind) => (priced.get(kind) ?? []).map(toPriceOption);
  const response: ProductPriceResponse = { product: {} };
  if (product.flight) response.product.flight = { ...echoFlight(product.flight, product), price: optionsOf("flight") };
  if (product.flightAncillary) {
    response.product.flightAncillary = {
      flightAncillaryType: product.flightAncillary.flightAncillaryType,
      price: optionsOf("flightAncillary"),
    };
  }
  if (product.carHire) response.product.carHire = { price: optionsOf("carHire") };
  if (product.hotel) response.product.hotel = { price: optionsOf("hotel") };
  if (product.insurance) response.product.insurance = { price: optionsOf("insurance") };
  const pack = product.packagedProduct;
  if (pack) {
    // Items are echoed without prices: the package is priced on its total. Empty lists are left out.
    const nonEmpty = <T>(items: T[] | undefined) => (items && items.length > 0 ? items : undefined);
    const flights = nonEmpty(pack.flight)?.map((flight) => echoFlight(flight, product));
    const ancillaries = nonEmpty(pack.flightAncillary)?.map((item) => ({
      flightAncillaryType: item.flightAncillaryType,
    }));
    const bare = (items: unknown[] | undefined) => nonEmpty(items)?.map(() => ({}));
    const carHire = bare(pack.carHire);
    const hotel = bare(pack.hotel);
    const insurance = bare(pack.insurance);
    response.product.packagedProduct = {
      ...(flights ? { flight: flights } : {}),
      ...(ancillaries ? { flightAncillary: ancillaries } : {}),
      ...(carHire ? { carHire } : {}),
      ...(hotel ? { hotel } : {}),
      ...(insurance ? { insurance } : {}),
      price: optionsOf("packagedProduct"),
    };
  }
  return response;
}
