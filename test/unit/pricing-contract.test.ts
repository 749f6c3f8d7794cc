import { describe, expect, it } from "vitest";
import { productPriceRequestSchema, type ProductPricingVersion } from "@/lib/contract/product-pricing";
import { ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";

const future = "2099-06-01T09:30:00.0+01:00";

function leg(change: Record<string, unknown> = {}, scheduleChange: Record<string, unknown> = {}) {
  return {
    schedule: {
      departureDateRange: { startDateTime: future },
      departureLocation: { id: "LHR", type: "AIRPORT" },
      arrivalLocation: { id: "MAD", type: "AIRPORT" },
      ...scheduleChange,
    },
    marketingCarrier: { flightNumber: 7, iatacode: { code: "NS" } },
    operatingCarrier: { flightNumber: "0007", iatacode: { code: "X1" } },
    ...change,
  };
}

function body(product: Record<string, unknown>, membership?: Record<string, unknown>) {
  return {
    priceSearchCriteria: {
      priceType: "DYNAMIC_DISCOUNT",
      priceSource: "CACHED",
      ...(membership ? { membership } : {}),
      product,
    },
  };
}

const hotel = (amount: unknown, code = "GBP") => ({
  hotel: { price: { monetaryAmount: { amount, currency: { code } } } },
});

/** The catalogue entry and paths validation reports, or "ok". */
function outcome(input: unknown, version: ProductPricingVersion = "v2") {
  try {
    validateInput(productPriceRequestSchema(version), input, {
      invalid: "DATA_INVALID",
      missing: "PRICING_MANDATORY_DATA_MISSING",
    });
    return "ok";
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { error: error.errorName, paths: error.options.children?.map((child) => child.path) };
  }
}

describe("product price request: amounts", () => {
  it.each([150, 150.5, 0.01, 999_999.99, "150", "150.5", "150.50", "000001.00"])("accepts %j", (amount) => {
    expect(outcome(body(hotel(amount)))).toBe("ok");
  });

  it.each([
    1_000_000,
    10.001,
    -1,
    0,
    "0.00",
    "1e2",
    " 150",
    "150.",
    ".5",
    "150,00",
    "1234567",
    "12.345",
    true,
    null,
    {},
    1e-7,
    Number.MAX_VALUE,
  ])("refuses %j as DATA_INVALID", (amount) => {
    expect(outcome(body(hotel(amount)))).toEqual({
      error: "DATA_INVALID",
      paths: ["priceSearchCriteria.product.hotel.price.monetaryAmount.amount"],
    });
  });
});

describe("product price request: flights", () => {
  const flight = (legChange: Record<string, unknown>, scheduleChange: Record<string, unknown> = {}) =>
    body({
      flight: {
        segment: [{ leg: [leg(legChange, scheduleChange)] }],
        price: { monetaryAmount: { amount: 10, currency: { code: "GBP" } } },
      },
    });
  const legPath = "priceSearchCriteria.product.flight.segment[0].leg[0]";

  it("accepts flight numbers as text or numbers of up to 4 digits, and only-length-checked codes", () => {
    expect(outcome(flight({}, { arrivalLocation: { id: "m4d", type: "AIRPORT" } }))).toBe("ok");
  });

  it("takes both locations inside schedule, as the field table's row leg.schedule.departureLocation places them", () => {
    expect(outcome(flight({}, { departureLocation: { id: "LHRX", type: "AIRPORT" } }))).toEqual({
      error: "DATA_INVALID",
      paths: [`${legPath}.schedule.departureLocation.id`],
    });
    expect(outcome(flight({}, { arrivalLocation: { id: "MAD", type: "airport" } }))).toEqual({
      error: "DATA_INVALID",
      paths: [`${legPath}.schedule.arrivalLocation.type`],
    });
  });

  it("does not take the locations beside schedule: there they are unknown elements, and schedule lacks them", () => {
    const beside = {
      schedule: { departureDateRange: { startDateTime: future } },
      departureLocation: { id: "LHR", type: "AIRPORT" },
      arrivalLocation: { id: "MAD", type: "AIRPORT" },
    };
    expect(outcome(flight(beside))).toEqual({
      error: "PRICING_MANDATORY_DATA_MISSING",
      paths: [`${legPath}.schedule.departureLocation`, `${legPath}.schedule.arrivalLocation`],
    });
  });

  it("reports an absent schedule once, as the missing departure date range", () => {
    expect(outcome(flight({ schedule: undefined }))).toEqual({
      error: "PRICING_DEPARTURE_DATE_MISSING",
      paths: [`${legPath}.schedule`],
    });
  });

  it.each([
    ["a date without zone designator", "2099-06-01T09:30:00"],
    ["a date without seconds", "2099-06-01T09:30Z"],
    ["31 February", "2099-02-31T09:30:00Z"],
    ["a plain date", "2099-06-01"],
    ["a date in the past", "2001-01-01T00:00:00Z"],
  ])("refuses %s as DATA_INVALID", (_label, startDateTime) => {
    expect(outcome(flight({}, { departureDateRange: { startDateTime } }))).toEqual({
      error: "DATA_INVALID",
      paths: [`${legPath}.schedule.departureDateRange.startDateTime`],
    });
  });

  it("reports a missing departure date range as PRICING_DEPARTURE_DATE_MISSING", () => {
    expect(outcome(flight({}, { departureDateRange: undefined }))).toEqual({
      error: "PRICING_DEPARTURE_DATE_MISSING",
      paths: [`${legPath}.schedule.departureDateRange`],
    });
  });

  it.each([[10_000], ["10000"], [1.5], ["-1"], [-1]])("refuses flight number %j", (flightNumber) => {
    expect(outcome(flight({ marketingCarrier: { flightNumber, iatacode: { code: "NS" } } }))).toEqual({
      error: "DATA_INVALID",
      paths: [`${legPath}.marketingCarrier.flightNumber`],
    });
  });

  it("caps open-ended arrays", () => {
    const legs = Array.from({ length: 21 }, () => leg());
    expect(
      outcome(
        body({
          flight: { segment: [{ leg: legs }], price: { monetaryAmount: { amount: 10, currency: { code: "GBP" } } } },
        }),
      ),
    ).toMatchObject({
      error: "DATA_INVALID",
      paths: ["priceSearchCriteria.product.flight.segment[0].leg"],
    });
  });
});

describe("product price request: versions and packages", () => {
  it("knows membership.balance on v2 only; v1 ignores it like any unknown element", () => {
    expect(outcome(body(hotel(10), { balance: -1 }), "v2")).toEqual({
      error: "DATA_INVALID",
      paths: ["priceSearchCriteria.membership.balance"],
    });
    expect(outcome(body(hotel(10), { balance: -1 }), "v1")).toBe("ok");
  });

  it("refuses a package whose total exceeds 999999.99", () => {
    const big = { price: { monetaryAmount: { amount: 600_000, currency: { code: "GBP" } } } };
    expect(outcome(body({ packagedProduct: { hotel: [big], carHire: [big] } }))).toEqual({
      error: "DATA_INVALID",
      paths: ["priceSearchCriteria.product.packagedProduct"],
    });
  });

  it("ignores unknown elements", () => {
    expect(outcome({ ...body(hotel(10)), extra: 1 })).toBe("ok");
  });
});
