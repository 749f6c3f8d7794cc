import {
  PRICE_OPTION_TYPE,
  type FlightEcho,
  type FlightInput,
  type LegInput,
  type PriceOption,
  type ProductInput,
} from "@/lib/contract/product-pricing";
import type { PointsAndCash } from "./price-options";

/**
 * What the response repeats of the request. Every element is copied by name,
 * never spread, so nothing the contract does not list can be echoed back.
 */

function echoLeg(leg: LegInput): FlightEcho["segment"][number]["leg"][number] {
  const carrier = (value: LegInput["marketingCarrier"]) => ({
    flightNumber: value.flightNumber,
    iatacode: { code: value.iatacode.code },
  });
  const schedule = leg.schedule;
  return {
    ...(leg.fareFamilyCode !== undefined ? { fareFamilyCode: leg.fareFamilyCode } : {}),
    schedule: {
      departureDateRange: { startDateTime: schedule.departureDateRange.startDateTime },
      departureLocation: { id: schedule.departureLocation.id, type: schedule.departureLocation.type },
      arrivalLocation: { id: schedule.arrivalLocation.id, type: schedule.arrivalLocation.type },
    },
    marketingCarrier: carrier(leg.marketingCarrier),
    operatingCarrier: carrier(leg.operatingCarrier),
    ...(leg.bookingClass ? { bookingClass: { code: leg.bookingClass.code } } : {}),
    ...(leg.cabinClass ? { cabinClass: { code: leg.cabinClass.code } } : {}),
  };
}

/**
 * A flight as echoed. `directFlight` and `returnJourney` may be sent on the
 * flight or, as the spec's request table places them, on `product`; the
 * flight's own value wins. Counts and `outbound` default to 0 and false.
 */
export function echoFlight(
  flight: FlightInput,
  product: Pick<ProductInput, "directFlight" | "returnJourney">,
): FlightEcho {
  const directFlight = flight.directFlight ?? product.directFlight;
  const summary = flight.passengerSummary;
  return {
    ...(directFlight !== undefined ? { directFlight } : {}),
    returnJourney: flight.returnJourney ?? product.returnJourney ?? false,
    passengerSummary: {
      adultCount: summary?.adultCount ?? 0,
      youngAdultCount: summary?.youngAdultCount ?? 0,
      childCount: summary?.childCount ?? 0,
      infantCount: summary?.infantCount ?? 0,
      seniorCount: summary?.seniorCount ?? 0,
    },
    segment: flight.segment.map((segment) => ({ outbound: segment.outbound, leg: segment.leg.map(echoLeg) })),
  };
}

/** Hundredths to a JSON number: 13551 → 135.51 (n / 100 prints as the decimal it stands for). */
function amountOf(minorUnits: number): number {
  return minorUnits / 100;
}

export function toPriceOption(option: PointsAndCash): PriceOption {
  return {
    priceOptionType: PRICE_OPTION_TYPE,
    cashAmount: { amount: amountOf(option.cash.minorUnits), currency: { code: option.cash.currency } },
    pointsAmount: { amount: option.points, currency: { code: "POINTS" } },
  };
}
