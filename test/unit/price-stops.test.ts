import { describe, expect, it } from "vitest";
import type { PriceOption } from "@/lib/contract/product-pricing";
import {
  allowedStop,
  fewestPoints,
  priceChoices,
  priceStops,
  sharedValuePerPoint,
  suggestedStop,
} from "@/lib/shop/price-choices";

const option = (points: number, cash: number): PriceOption => ({
  priceOptionType: "PART_AVIOS_PART_CASH",
  cashAmount: { amount: cash, currency: { code: "GBP" } },
  pointsAmount: { amount: points, currency: { code: "POINTS" } },
});
const flight = { minor: 18_000, currency: "GBP" };
/** The flight's options for demo.shopper, as the service answers them (not sorted on purpose). */
const flightOptions = [
  option(9_000, 90),
  option(1_800, 162),
  option(18_000, 0),
  option(4_500, 135),
  option(13_500, 45),
];

describe("the split control's stops", () => {
  it("run from all cash to the most points, keeping each option's id for the checkout", () => {
    const stops = priceStops(priceChoices(flightOptions, flight, 60_000));
    expect(stops.map((stop) => [stop.id, stop.points, stop.cashMinor])).toEqual([
      ["cash", 0, 18_000],
      ["1", 1_800, 16_200],
      ["3", 4_500, 13_500],
      ["0", 9_000, 9_000],
      ["4", 13_500, 4_500],
      ["2", 18_000, 0],
    ]);
  });

  it("suggest the covered option with the most points that still leaves a card part", () => {
    expect(suggestedStop(priceStops(priceChoices(flightOptions, flight, 60_000)))).toBe(4);
    // 10,000 points cover 9,000 but not 13,500.
    expect(suggestedStop(priceStops(priceChoices(flightOptions, flight, 10_000)))).toBe(3);
    // Only an all-points option: cash is suggested, spending every point is the member's move.
    expect(suggestedStop(priceStops(priceChoices([option(18_000, 0)], flight, 60_000)))).toBe(0);
    // Nothing covered, or no option at all: cash.
    expect(suggestedStop(priceStops(priceChoices(flightOptions, flight, 1_000)))).toBe(0);
    expect(suggestedStop(priceStops(priceChoices([], flight, 1_000)))).toBe(0);
    // Balance unknown: the service's options are taken as covered.
    expect(suggestedStop(priceStops(priceChoices(flightOptions, flight, undefined)))).toBe(4);
  });

  it("never land on a stop the balance does not cover", () => {
    const stops = priceStops(priceChoices(flightOptions, flight, 10_000));
    expect(allowedStop(stops, 3)).toBe(3);
    expect(allowedStop(stops, 4)).toBe(3);
    expect(allowedStop(stops, 5)).toBe(3);
    expect(allowedStop(stops, 99)).toBe(3);
    expect(allowedStop(stops, -2)).toBe(0);
    expect(stops[5]!.missingPoints).toBe(8_000);
  });

  it("say a shared point value once, and none when the options differ", () => {
    expect(sharedValuePerPoint(priceChoices(flightOptions, flight, 60_000))).toBe(1);
    expect(sharedValuePerPoint(priceChoices([option(1_800, 162), option(18_000, 10)], flight, 60_000))).toBeUndefined();
    expect(sharedValuePerPoint(priceChoices([], flight, 60_000))).toBeUndefined();
  });

  it("give the fewest points of any option for the shop's cards", () => {
    expect(fewestPoints(flightOptions)).toBe(1_800);
    expect(fewestPoints([])).toBeUndefined();
  });
});
