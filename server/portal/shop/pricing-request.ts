import type { ProductPriceRequest } from "@/lib/contract/product-pricing";
import {
  fromMinorUnits,
  productPrice,
  type ShopFlight,
  type ShopItem,
  type ShopProduct,
} from "@/lib/shop/shop-catalogue";

const day = 86_400_000;

/** The member the product is priced for: the service adjusts single products to their balance. */
export interface PricingMember {
  membershipNumber: string;
}

type Body = ProductPriceRequest["priceSearchCriteria"]["product"];
type FlightBody = NonNullable<Body["flight"]>;

function price(amount: string, currency: string) {
  return { monetaryAmount: { amount, currency: { code: currency } } };
}

/** Legs grouped into segments by direction, outbound first, as the contract's `segment` array. */
function flightBody(flight: ShopFlight, itemPrice: { amount: string; currency: string }, pricedAt: Date): FlightBody {
  const directions = [true, false].filter((outbound) => flight.legs.some((leg) => leg.outbound === outbound));
  return {
    directFlight: flight.directFlight ? "true" : "false",
    returnJourney: flight.returnJourney,
    passengerSummary: {
      adultCount: flight.passengerSummary.adultCount ?? 0,
      youngAdultCount: flight.passengerSummary.youngAdultCount ?? 0,
      childCount: flight.passengerSummary.childCount ?? 0,
      infantCount: flight.passengerSummary.infantCount ?? 0,
      seniorCount: flight.passengerSummary.seniorCount ?? 0,
    },
    segment: directions.map((outbound) => ({
      outbound,
      leg: flight.legs
        .filter((leg) => leg.outbound === outbound)
        .map((leg) => ({
          schedule: {
            departureDateRange: {
              startDateTime: new Date(pricedAt.getTime() + leg.departsInDays * day).toISOString(),
            },
            departureLocation: { id: leg.departure, type: "AIRPORT" as const },
            arrivalLocation: { id: leg.arrival, type: "AIRPORT" as const },
          },
          marketingCarrier: { flightNumber: leg.flightNumber, iatacode: { code: leg.carrier } },
          operatingCarrier: { flightNumber: leg.flightNumber, iatacode: { code: leg.carrier } },
          bookingClass: { code: leg.bookingClass },
          cabinClass: { code: leg.cabinClass },
        })),
    })),
    price: price(itemPrice.amount, itemPrice.currency),
  };
}

/** The product body of one item, under the contract's key for its kind. */
function itemBody(item: ShopItem, pricedAt: Date): Body {
  const itemPrice = price(item.price.amount, item.price.currency);
  switch (item.kind) {
    case "FLIGHT":
      return { flight: flightBody(item.flight, item.price, pricedAt) };
    case "FLIGHT_ANCILLARY":
      return { flightAncillary: { flightAncillaryType: item.flightAncillaryType, price: itemPrice } };
    case "HOTEL":
      return { hotel: { price: itemPrice } };
    case "CAR_HIRE":
      return { carHire: { price: itemPrice } };
    case "INSURANCE":
      return { insurance: { price: itemPrice } };
  }
}

function packageBody(components: ShopItem[], pricedAt: Date): Body {
  const packaged: NonNullable<Body["packagedProduct"]> = {};
  for (const component of components) {
    const body = itemBody(component, pricedAt);
    if (body.flight) (packaged.flight ??= []).push(body.flight);
    if (body.flightAncillary) (packaged.flightAncillary ??= []).push(body.flightAncillary);
    if (body.hotel) (packaged.hotel ??= []).push(body.hotel);
    if (body.carHire) (packaged.carHire ??= []).push(body.carHire);
    if (body.insurance) (packaged.insurance ??= []).push(body.insurance);
  }
  return { packagedProduct: packaged };
}

/**
 * The one P9 request (v2 body) for a shop product: a single product under
 * its kind's key, so the service adjusts it to the member's balance; a
 * package as a `packagedProduct` of its components (more than one product,
 * never adjusted). Without a member, the programme's options for anyone
 * (what the shop's cards advertise). Flights depart `departsInDays` after
 * `pricedAt`.
 */
export function buildPricingRequest(
  product: ShopProduct,
  member: PricingMember | undefined,
  pricedAt: Date,
): ProductPriceRequest {
  return {
    priceSearchCriteria: {
      priceType: "STATIC_DISCOUNT",
      priceSource: "CACHED",
      ...(member ? { membership: { membershipNumber: member.membershipNumber } } : {}),
      product: product.kind === "PACKAGE" ? packageBody(product.components, pricedAt) : itemBody(product, pricedAt),
    },
  };
}

/** Where the answer holds the options of this product: the request's key. */
export type PricedKey = "flight" | "flightAncillary" | "carHire" | "hotel" | "insurance" | "packagedProduct";

export function pricedKey(product: ShopProduct): PricedKey {
  switch (product.kind) {
    case "PACKAGE":
      return "packagedProduct";
    case "FLIGHT":
      return "flight";
    case "FLIGHT_ANCILLARY":
      return "flightAncillary";
    case "HOTEL":
      return "hotel";
    case "CAR_HIRE":
      return "carHire";
    case "INSURANCE":
      return "insurance";
  }
}

/** The cash price the request carries, in minor units (a package's is its total). */
export function requestedPrice(product: ShopProduct): { amount: string; minor: number; currency: string } {
  const { minor, currency } = productPrice(product);
  return { amount: fromMinorUnits(minor), minor, currency };
}
