import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { clearPartnerCache } from "@/server/loyalty/partners/cached-partner-lookup";
import { retrieveProductPrices as pricingRoute } from "@/server/loyalty/operations/retrieve-product-prices";
import { parseErrorBody, wrappedErrorBodySchema } from "@/lib/contract/error-body";
import {
  productPriceResponseSchema,
  type PriceOption,
  type ProductPriceResponse,
} from "@/lib/contract/product-pricing";
import { partners } from "@/server/loyalty/partners/partner-tables";
import sandbox from "@/sandbox.json";
import { callRoute, noProgrammeApiKey, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

const richMember = "3081000000000001"; // 250000 points
const member5000 = "3081000000000003"; // 5000 points
const member100 = "3081000000000005"; // 100 points, below the minimum of 1000
let tokens: Record<string, string>;

beforeAll(async () => {
  const db = database.db();
  tokens = {
    [richMember]: await issueMemberToken(db, richMember),
    [member5000]: await issueMemberToken(db, member5000),
    [member100]: await issueMemberToken(db, member100),
  };
});

const inThirtyDays = new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d+Z$/, ".0Z");
const yesterday = new Date(Date.now() - 86_400_000).toISOString();

// ------------------------------------------------------------------ request builders

type Json = Record<string, unknown>;

function price(amount: number | string = 150, currency = "GBP"): Json {
  return { monetaryAmount: { amount, currency: { code: currency } } };
}

/** A leg as the spec's field table writes it: both locations inside `schedule`. */
function leg(change: Json = {}, scheduleChange: Json = {}): Json {
  return {
    schedule: {
      departureDateRange: { startDateTime: inThirtyDays },
      departureLocation: { id: "LHR", type: "AIRPORT" },
      arrivalLocation: { id: "JFK", type: "AIRPORT" },
      ...scheduleChange,
    },
    marketingCarrier: { flightNumber: "117", iatacode: { code: "NS" } },
    operatingCarrier: { flightNumber: "117", iatacode: { code: "NS" } },
    ...change,
  };
}

function flight(change: Json = {}): Json {
  return { segment: [{ leg: [leg()] }], price: price(), ...change };
}

function criteria(product: Json, change: Json = {}): Json {
  return { priceSearchCriteria: { priceType: "STATIC_DISCOUNT", priceSource: "CACHED", product, ...change } };
}

interface PostOptions {
  version?: string;
  headers?: Record<string, string>;
  token?: string;
  apiKey?: string;
  method?: string;
}

function post(body: unknown, options: PostOptions = {}) {
  const version = options.version ?? "v2";
  return callRoute(pricingRoute, {
    method: options.method ?? "POST",
    url: withKey(`/api/${version}/product-prices`, options.apiKey),
    params: { version },
    headers: {
      "Content-Type": "application/json",
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A 200 whose body the contract accepts. */
async function priced(body: unknown, options: PostOptions = {}): Promise<ProductPriceResponse> {
  const answer = await post(body, options);
  expect(answer.status, answer.text).toBe(200);
  return productPriceResponseSchema.strict().parse(answer.json);
}

type Options = PriceOption[];

/** Options as [points, cash]. */
function pairs(options: Options | undefined): [number, number][] {
  return (options ?? []).map((option) => [option.pointsAmount.amount, option.cashAmount.amount]);
}

const gbp150Options: [number, number][] = [
  [1_500, 135],
  [3_750, 112.5],
  [7_500, 75],
  [11_250, 37.5],
  [15_000, 0],
];

function expectWrapped(
  answer: Awaited<ReturnType<typeof post>>,
  status: number,
  code: string,
  childCode?: string,
  path?: string,
) {
  return expectServiceError(answer, { status, code, childCode, path, shape: "wrapped" });
}

/** Runs a test with the Demo Partner's stored configuration changed, then puts it back. */
async function withConfiguration(change: Json, test: () => Promise<void>) {
  const db = database.db();
  const where = eq(partners.partnerIdentifier, sandbox.partners[0]!.partnerIdentifier);
  await db
    .update(partners)
    .set({ pricingConfiguration: { ...sandbox.partners[0]!.pricing, ...change } })
    .where(where);
  // The gateway remembers a partner for a few seconds; this test changes it on purpose.
  clearPartnerCache();
  try {
    await test();
  } finally {
    await db.update(partners).set({ pricingConfiguration: sandbox.partners[0]!.pricing }).where(where);
    clearPartnerCache();
  }
}

// ------------------------------------------------------------------ happy paths

describe("P9 product pricing: each product type", () => {
  it("prices a flight and echoes it with the defaults filled in", async () => {
    const body = await priced(criteria({ flight: flight() }));
    const echoed = body.product.flight!;
    expect(pairs(echoed.price)).toEqual(gbp150Options);
    expect(echoed.price.every((option) => option.priceOptionType === "PART_AVIOS_PART_CASH")).toBe(true);
    expect(echoed.price[0]).toEqual({
      priceOptionType: "PART_AVIOS_PART_CASH",
      cashAmount: { amount: 135, currency: { code: "GBP" } },
      pointsAmount: { amount: 1500, currency: { code: "POINTS" } },
    });
    expect(echoed).not.toHaveProperty("directFlight");
    expect(echoed.returnJourney).toBe(false);
    expect(echoed.passengerSummary).toEqual({
      adultCount: 0,
      youngAdultCount: 0,
      childCount: 0,
      infantCount: 0,
      seniorCount: 0,
    });
    expect(echoed.segment).toEqual([
      {
        outbound: false,
        leg: [
          {
            schedule: {
              departureDateRange: { startDateTime: inThirtyDays },
              departureLocation: { id: "LHR", type: "AIRPORT" },
              arrivalLocation: { id: "JFK", type: "AIRPORT" },
            },
            marketingCarrier: { flightNumber: "117", iatacode: { code: "NS" } },
            operatingCarrier: { flightNumber: "117", iatacode: { code: "NS" } },
          },
        ],
      },
    ]);
    expect(Object.keys(body.product)).toEqual(["flight"]);
  });

  it("echoes the optional flight elements only when sent", async () => {
    const body = await priced(
      criteria({
        flight: flight({
          directFlight: "false",
          returnJourney: true,
          passengerSummary: { adultCount: 2, infantCount: 1 },
          segment: [
            {
              outbound: true,
              leg: [leg({ fareFamilyCode: "FF10", bookingClass: { code: "J" }, cabinClass: { code: "BUSINESS" } })],
            },
            {
              leg: [
                leg(
                  {},
                  {
                    departureLocation: { id: "JFK", type: "AIRPORT" },
                    arrivalLocation: { id: "LHR", type: "AIRPORT" },
                  },
                ),
                leg(),
              ],
            },
          ],
        }),
      }),
    );
    const echoed = body.product.flight!;
    expect(echoed.directFlight).toBe("false");
    expect(echoed.returnJourney).toBe(true);
    expect(echoed.passengerSummary).toEqual({
      adultCount: 2,
      youngAdultCount: 0,
      childCount: 0,
      infantCount: 1,
      seniorCount: 0,
    });
    expect(echoed.segment.map((segment) => [segment.outbound, segment.leg.length])).toEqual([
      [true, 1],
      [false, 2],
    ]);
    expect(echoed.segment[0]!.leg[0]).toMatchObject({
      fareFamilyCode: "FF10",
      bookingClass: { code: "J" },
      cabinClass: { code: "BUSINESS" },
    });
    expect(echoed.segment[1]!.leg[0]).not.toHaveProperty("bookingClass");
    expect(echoed.segment[1]!.leg[0]).not.toHaveProperty("fareFamilyCode");
  });

  it("takes directFlight and returnJourney from product, where the spec's request table puts them; the flight's own win", async () => {
    const fromProduct = await priced(criteria({ directFlight: "true", returnJourney: true, flight: flight() }));
    expect(fromProduct.product.flight).toMatchObject({ directFlight: "true", returnJourney: true });
    expect(fromProduct.product).not.toHaveProperty("directFlight");
    const own = await priced(
      criteria({
        directFlight: "true",
        returnJourney: true,
        flight: flight({ directFlight: "false", returnJourney: false }),
      }),
    );
    expect(own.product.flight).toMatchObject({ directFlight: "false", returnJourney: false });
  });

  it("prices a flight ancillary and echoes its type", async () => {
    const body = await priced(criteria({ flightAncillary: { flightAncillaryType: "BAGGAGE", price: price(40) } }));
    expect(body.product.flightAncillary).toEqual({
      flightAncillaryType: "BAGGAGE",
      price: [
        // 10% (400) and 25% (1000) of 40.00 both become the minimum of 1000 points.
        {
          priceOptionType: "PART_AVIOS_PART_CASH",
          cashAmount: { amount: 30, currency: { code: "GBP" } },
          pointsAmount: { amount: 1000, currency: { code: "POINTS" } },
        },
        {
          priceOptionType: "PART_AVIOS_PART_CASH",
          cashAmount: { amount: 20, currency: { code: "GBP" } },
          pointsAmount: { amount: 2000, currency: { code: "POINTS" } },
        },
        {
          priceOptionType: "PART_AVIOS_PART_CASH",
          cashAmount: { amount: 10, currency: { code: "GBP" } },
          pointsAmount: { amount: 3000, currency: { code: "POINTS" } },
        },
        {
          priceOptionType: "PART_AVIOS_PART_CASH",
          cashAmount: { amount: 0, currency: { code: "GBP" } },
          pointsAmount: { amount: 4000, currency: { code: "POINTS" } },
        },
      ],
    });
  });

  it.each(["carHire", "hotel", "insurance"])("prices %s", async (kind) => {
    const body = await priced(criteria({ [kind]: { price: price("150.00") } }));
    expect(Object.keys(body.product)).toEqual([kind]);
    expect(pairs((body.product as Record<string, { price: Options }>)[kind]!.price)).toEqual(gbp150Options);
  });

  it("prices several products each on its own", async () => {
    const body = await priced(
      criteria({ flight: flight(), hotel: { price: price(150) }, insurance: { price: price(20) } }),
    );
    expect(pairs(body.product.flight!.price)).toEqual(gbp150Options);
    expect(pairs(body.product.hotel!.price)).toEqual(gbp150Options);
    expect(pairs(body.product.insurance!.price)).toEqual([
      [1_000, 10],
      [1_500, 5],
      [2_000, 0],
    ]);
  });

  it("prices a package on the total of its items and echoes the items without prices", async () => {
    const body = await priced(
      criteria({
        packagedProduct: {
          flight: [flight({ price: price(100) })],
          flightAncillary: [{ flightAncillaryType: "SEAT", price: price(20) }],
          hotel: [{ price: price(25) }, { price: price(5) }],
          carHire: [],
        },
      }),
    );
    const pack = body.product.packagedProduct!;
    expect(pairs(pack.price)).toEqual(gbp150Options);
    expect(pack.flight).toHaveLength(1);
    expect(pack.flight![0]).not.toHaveProperty("price");
    expect(pack.flightAncillary).toEqual([{ flightAncillaryType: "SEAT" }]);
    expect(pack.hotel).toEqual([{}, {}]);
    expect(pack).not.toHaveProperty("carHire");
  });

  it("prices a request in EUR in GBP and answers the cash in EUR, never above the price", async () => {
    // 100.00 EUR = 85.00 GBP; 10% (850 points) is raised to 1000 points, worth 11.7647 EUR: cash 88.23.
    const body = await priced(criteria({ hotel: { price: price(100, "EUR") } }));
    expect(pairs(body.product.hotel!.price)).toEqual([
      [1_000, 88.23],
      [2_125, 75],
      [4_250, 50],
      [6_375, 25],
      [8_500, 0],
    ]);
    expect(body.product.hotel!.price.every((option) => option.cashAmount.currency.code === "EUR")).toBe(true);
  });

  it("accepts PRIORITY_BOARDING on v2", async () => {
    const body = await priced(
      criteria({ flightAncillary: { flightAncillaryType: "PRIORITY_BOARDING", price: price(15) } }),
    );
    expect(body.product.flightAncillary?.flightAncillaryType).toBe("PRIORITY_BOARDING");
  });

  it("serves the version 1 body: without PRIORITY_BOARDING, membership.balance ignored", async () => {
    const body = await priced(
      criteria(
        { flightAncillary: { flightAncillaryType: "SEAT", price: price(150) } },
        { membership: { balance: "not read on v1" } },
      ),
      { version: "v1" },
    );
    expect(pairs(body.product.flightAncillary!.price)).toEqual(gbp150Options);
    const answer = await post(
      criteria({ flightAncillary: { flightAncillaryType: "PRIORITY_BOARDING", price: price(15) } }),
      { version: "v1" },
    );
    expectWrapped(
      answer,
      400,
      "REQUEST_INVALID",
      "DATA_INVALID",
      "priceSearchCriteria.product.flightAncillary.flightAncillaryType",
    );
  });

  it("accepts the media type in any case (the spec writes application/JSON) and answers 200 with no-store", async () => {
    const answer = await post(criteria({ hotel: { price: price() } }), {
      headers: { "Content-Type": "application/JSON; charset=utf-8", Accept: "application/JSON" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });
});

// ------------------------------------------------------------------ members and balance

describe("P9 product pricing: member token and balance", () => {
  const single = criteria({ hotel: { price: price(150) } }, { membership: { membershipNumber: member5000 } });

  it("requires the member's token when a membership number is sent", async () => {
    const answer = await post(single);
    expectWrapped(answer, 401, "REQUEST_UNAUTHORIZED", "TOKEN_INVALID");
    expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });

  it("refuses another member's token", async () => {
    expectWrapped(await post(single, { token: tokens[richMember] }), 401, "REQUEST_UNAUTHORIZED", "UNAUTHORIZED");
  });

  it("refuses an invalid token when a membership number is sent", async () => {
    expectWrapped(await post(single, { token: "not-a-jwt" }), 401, "REQUEST_UNAUTHORIZED", "TOKEN_INVALID");
  });

  it("adjusts the options of a single product to the member's balance (5000 points)", async () => {
    const body = await priced(single, { token: tokens[member5000] });
    expect(pairs(body.product.hotel!.price)).toEqual([
      [1_500, 135],
      [3_750, 112.5],
      [5_000, 100],
    ]);
  });

  it("adjusts a package of one item, which is a single product", async () => {
    const body = await priced(
      criteria(
        { packagedProduct: { hotel: [{ price: price(150) }] } },
        { membership: { membershipNumber: member5000 } },
      ),
      {
        token: tokens[member5000],
      },
    );
    expect(pairs(body.product.packagedProduct!.price).at(-1)).toEqual([5_000, 100]);
  });

  it("never adjusts when more than one product is sent", async () => {
    const body = await priced(
      criteria(
        { hotel: { price: price(150) }, carHire: { price: price(150) } },
        { membership: { membershipNumber: member5000 } },
      ),
      {
        token: tokens[member5000],
      },
    );
    expect(pairs(body.product.hotel!.price)).toEqual(gbp150Options);
    expect(pairs(body.product.carHire!.price)).toEqual(gbp150Options);
  });

  it("never adjusts a package of several items", async () => {
    const body = await priced(
      criteria(
        { packagedProduct: { hotel: [{ price: price(100) }, { price: price(50) }] } },
        { membership: { membershipNumber: member5000 } },
      ),
      {
        token: tokens[member5000],
      },
    );
    expect(pairs(body.product.packagedProduct!.price)).toEqual(gbp150Options);
  });

  it("trusts only the stored balance, never membership.balance", async () => {
    const claimed = criteria(
      { hotel: { price: price(150) } },
      { membership: { membershipNumber: member5000, balance: 2_000_000 } },
    );
    expect(pairs((await priced(claimed, { token: tokens[member5000] })).product.hotel!.price).at(-1)).toEqual([
      5_000, 100,
    ]);
    // Without a membership number nothing is adjusted, whatever balance is claimed.
    const anonymous = criteria({ hotel: { price: price(150) } }, { membership: { balance: 10, tier: "GOLD" } });
    expect(pairs((await priced(anonymous)).product.hotel!.price)).toEqual(gbp150Options);
  });

  it("does not look at Authorization when no membership number is sent", async () => {
    const body = await priced(criteria({ hotel: { price: price(150) } }), {
      headers: { Authorization: "Bearer garbage" },
    });
    expect(pairs(body.product.hotel!.price)).toEqual(gbp150Options);
  });

  it("answers BALANCE_INSUFFICIENT when the balance is below the minimum points", async () => {
    const answer = await post(
      criteria({ hotel: { price: price(150) } }, { membership: { membershipNumber: member100 } }),
      { token: tokens[member100] },
    );
    const body = expectWrapped(answer, 400, "BALANCE_INSUFFICIENT");
    expect(body).not.toHaveProperty("childError");
  });

  it("does not adjust when the partner has not agreed to adjust-and-recalculate", async () => {
    await withConfiguration({ adjustAndRecalculate: false }, async () => {
      const body = await priced(single, { token: tokens[member5000] });
      expect(pairs(body.product.hotel!.price)).toEqual(gbp150Options);
    });
  });
});

// ------------------------------------------------------------------ configuration

describe("P9 product pricing: the partner's agreement", () => {
  it("refuses a partner without a pricing agreement (403)", async () => {
    expectWrapped(
      await post(criteria({ hotel: { price: price() } }), { apiKey: noProgrammeApiKey }),
      403,
      "REQUEST_UNAUTHORIZED",
      "PARTNER_INVALID",
    );
  });

  it("refuses product types the agreement does not list, every one of them", async () => {
    await withConfiguration({ products: ["FLIGHT", "PACKAGE"] }, async () => {
      const answer = await post(
        criteria({ hotel: { price: price() }, flight: flight(), packagedProduct: { insurance: [{ price: price() }] } }),
      );
      const body = expectWrapped(answer, 400, "REQUEST_INVALID", "PRODUCT_NOT_SUPPORTED");
      expect(body.childError?.map((child) => child.path)).toEqual([
        "priceSearchCriteria.product.hotel",
        "priceSearchCriteria.product.packagedProduct.insurance",
      ]);
    });
  });

  it("keeps the cash within the agreed cash cap", async () => {
    await withConfiguration({ maximumCashCap: 50 }, async () => {
      const body = await priced(criteria({ hotel: { price: price(150) } }));
      expect(pairs(body.product.hotel!.price)).toEqual([
        [10_000, 50],
        [11_250, 37.5],
        [15_000, 0],
      ]);
    });
  });

  it("weights the points of each price point for DYNAMIC_DISCOUNT only", async () => {
    await withConfiguration({ pricePoints: [{ percentage: 50, weight: 2 }] }, async () => {
      const dynamic = await priced(criteria({ hotel: { price: price(150) } }, { priceType: "DYNAMIC_DISCOUNT" }));
      expect(pairs(dynamic.product.hotel!.price)).toEqual([[3_750, 75]]);
      const fixed = await priced(criteria({ hotel: { price: price(150) } }));
      expect(pairs(fixed.product.hotel!.price)).toEqual([[7_500, 75]]);
    });
  });

  it("answers SYSTEM_UNAVAILABLE (503) when the stored agreement is corrupt: a fault of the service", async () => {
    await withConfiguration({ pricePoints: "broken" }, async () => {
      expectWrapped(await post(criteria({ hotel: { price: price() } })), 503, "SYSTEM_UNAVAILABLE");
    });
  });
});

// ------------------------------------------------------------------ validation

describe("P9 product pricing: validation", () => {
  it("answers a missing departure date range with SYSTEM_UNAVAILABLE, as the spec says, but status 400", async () => {
    const withoutRange = leg({}, { departureDateRange: undefined });
    const answer = await post(criteria({ flight: flight({ segment: [{ leg: [withoutRange] }] }) }));
    const body = expectWrapped(
      answer,
      400,
      "SYSTEM_UNAVAILABLE",
      "MANDATORY_DATA_MISSING",
      "priceSearchCriteria.product.flight.segment[0].leg[0].schedule.departureDateRange",
    );
    expect(wrappedErrorBodySchema.parse(answer.json).error.code).toBe("SYSTEM_UNAVAILABLE");
    expect(body.childError).toHaveLength(1);
  });

  it.each([
    ["schedule omitted (locations with it)", leg({ schedule: undefined }), "schedule"],
    ["startDateTime omitted", leg({}, { departureDateRange: {} }), "schedule.departureDateRange.startDateTime"],
  ])("also when the %s", async (_label, changedLeg, path) => {
    const answer = await post(
      criteria({ packagedProduct: { flight: [flight({ segment: [{ leg: [changedLeg] }] })] } }),
    );
    expectWrapped(
      answer,
      400,
      "SYSTEM_UNAVAILABLE",
      "MANDATORY_DATA_MISSING",
      `priceSearchCriteria.product.packagedProduct.flight[0].segment[0].leg[0].${path}`,
    );
  });

  it("takes the locations inside schedule only: written beside it they are unknown elements, and schedule lacks them", async () => {
    const beside = {
      ...leg({ schedule: { departureDateRange: { startDateTime: inThirtyDays } } }),
      departureLocation: { id: "LHR", type: "AIRPORT" },
      arrivalLocation: { id: "JFK", type: "AIRPORT" },
    };
    const answer = await post(criteria({ flight: flight({ segment: [{ leg: [beside] }] }) }));
    const body = expectWrapped(
      answer,
      400,
      "REQUEST_INVALID",
      "MANDATORY_DATA_MISSING",
      "priceSearchCriteria.product.flight.segment[0].leg[0].schedule.departureLocation",
    );
    expect(body.childError?.map((child) => child.path)).toEqual([
      "priceSearchCriteria.product.flight.segment[0].leg[0].schedule.departureLocation",
      "priceSearchCriteria.product.flight.segment[0].leg[0].schedule.arrivalLocation",
    ]);
  });

  it("refuses a departure in the past", async () => {
    const answer = await post(
      criteria({
        flight: flight({
          segment: [{ leg: [leg({}, { departureDateRange: { startDateTime: yesterday } })] }],
        }),
      }),
    );
    expectWrapped(
      answer,
      400,
      "REQUEST_INVALID",
      "DATA_INVALID",
      "priceSearchCriteria.product.flight.segment[0].leg[0].schedule.departureDateRange.startDateTime",
    );
  });

  it.each([
    [
      "priceSource in lower case",
      criteria({ hotel: { price: price() } }, { priceSource: "cached" }),
      "priceSearchCriteria.priceSource",
    ],
    [
      "an unknown priceType",
      criteria({ hotel: { price: price() } }, { priceType: "FREE" }),
      "priceSearchCriteria.priceType",
    ],
    [
      "an amount with 3 decimals",
      criteria({ hotel: { price: price(10.125) } }),
      "priceSearchCriteria.product.hotel.price.monetaryAmount.amount",
    ],
    [
      "an amount with 7 integer digits",
      criteria({ hotel: { price: price(1_234_567) } }),
      "priceSearchCriteria.product.hotel.price.monetaryAmount.amount",
    ],
    [
      "an amount text with 3 decimals",
      criteria({ hotel: { price: price("10.125") } }),
      "priceSearchCriteria.product.hotel.price.monetaryAmount.amount",
    ],
    [
      "a zero amount",
      criteria({ hotel: { price: price(0) } }),
      "priceSearchCriteria.product.hotel.price.monetaryAmount.amount",
    ],
    [
      "a negative amount",
      criteria({ hotel: { price: price(-5) } }),
      "priceSearchCriteria.product.hotel.price.monetaryAmount.amount",
    ],
    [
      "a currency in lower case",
      criteria({ hotel: { price: price(10, "eur") } }),
      "priceSearchCriteria.product.hotel.price.monetaryAmount.currency.code",
    ],
    [
      "a flight number of 5 digits",
      criteria({
        flight: flight({
          segment: [{ leg: [leg({ marketingCarrier: { flightNumber: "12345", iatacode: { code: "NS" } } })] }],
        }),
      }),
      "priceSearchCriteria.product.flight.segment[0].leg[0].marketingCarrier.flightNumber",
    ],
    [
      "a location id of 4 characters",
      criteria({
        flight: flight({ segment: [{ leg: [leg({}, { arrivalLocation: { id: "KJFK", type: "AIRPORT" } })] }] }),
      }),
      "priceSearchCriteria.product.flight.segment[0].leg[0].schedule.arrivalLocation.id",
    ],
    [
      "a location type in lower case",
      criteria({
        flight: flight({ segment: [{ leg: [leg({}, { arrivalLocation: { id: "JFK", type: "airport" } })] }] }),
      }),
      "priceSearchCriteria.product.flight.segment[0].leg[0].schedule.arrivalLocation.type",
    ],
    [
      "a booking class of two letters",
      criteria({ flight: flight({ segment: [{ leg: [leg({ bookingClass: { code: "JY" } })] }] }) }),
      "priceSearchCriteria.product.flight.segment[0].leg[0].bookingClass.code",
    ],
    [
      "a fare family code in lower case",
      criteria({ flight: flight({ segment: [{ leg: [leg({ fareFamilyCode: "ff1" })] }] }) }),
      "priceSearchCriteria.product.flight.segment[0].leg[0].fareFamilyCode",
    ],
    [
      "directFlight as a boolean",
      criteria({ flight: flight({ directFlight: true }) }),
      "priceSearchCriteria.product.flight.directFlight",
    ],
    [
      "a negative passenger count",
      criteria({ flight: flight({ passengerSummary: { adultCount: -1 } }) }),
      "priceSearchCriteria.product.flight.passengerSummary.adultCount",
    ],
    [
      "a passenger count above 2147483647",
      criteria({ flight: flight({ passengerSummary: { childCount: 2_147_483_648 } }) }),
      "priceSearchCriteria.product.flight.passengerSummary.childCount",
    ],
    [
      "a membership number with letters",
      criteria({ hotel: { price: price() } }, { membership: { membershipNumber: "30810000000000A3" } }),
      "priceSearchCriteria.membership.membershipNumber",
    ],
    [
      "a balance above 2147483647",
      criteria({ hotel: { price: price() } }, { membership: { balance: 2_147_483_648 } }),
      "priceSearchCriteria.membership.balance",
    ],
    [
      "a tier with digits",
      criteria({ hotel: { price: price() } }, { membership: { tier: "GOLD1" } }),
      "priceSearchCriteria.membership.tier",
    ],
    ["a single hotel sent as an array", criteria({ hotel: [{ price: price() }] }), "priceSearchCriteria.product.hotel"],
    // The first item in contract order (flight, flightAncillary, carHire, hotel, insurance) sets the currency.
    [
      "package items in two currencies",
      criteria({ packagedProduct: { hotel: [{ price: price(10, "EUR") }], carHire: [{ price: price(10) }] } }),
      "priceSearchCriteria.product.packagedProduct.hotel[0].price.monetaryAmount.currency.code",
    ],
  ])("REQUEST_INVALID / DATA_INVALID for %s", async (_label, body, path) => {
    expectWrapped(await post(body), 400, "REQUEST_INVALID", "DATA_INVALID", path);
  });

  it.each([
    ["an empty body", {}, "priceSearchCriteria"],
    [
      "no priceType",
      { priceSearchCriteria: { priceSource: "CACHED", product: { hotel: { price: price() } } } },
      "priceSearchCriteria.priceType",
    ],
    [
      "no priceSource",
      { priceSearchCriteria: { priceType: "DYNAMIC_DISCOUNT", product: { hotel: { price: price() } } } },
      "priceSearchCriteria.priceSource",
    ],
    [
      "an ancillary without type",
      criteria({ flightAncillary: { price: price() } }),
      "priceSearchCriteria.product.flightAncillary.flightAncillaryType",
    ],
    [
      "a location without type",
      criteria({ flight: flight({ segment: [{ leg: [leg({}, { arrivalLocation: { id: "JFK" } })] }] }) }),
      "priceSearchCriteria.product.flight.segment[0].leg[0].schedule.arrivalLocation.type",
    ],
    [
      "no product",
      { priceSearchCriteria: { priceType: "STATIC_DISCOUNT", priceSource: "CACHED" } },
      "priceSearchCriteria.product",
    ],
    ["an empty product", criteria({}), "priceSearchCriteria.product"],
    ["an empty package", criteria({ packagedProduct: { flight: [] } }), "priceSearchCriteria.product.packagedProduct"],
    [
      "a flight without segment",
      criteria({ flight: { price: price() } }),
      "priceSearchCriteria.product.flight.segment",
    ],
    [
      "a segment without legs",
      criteria({ flight: flight({ segment: [{ leg: [] }] }) }),
      "priceSearchCriteria.product.flight.segment[0].leg",
    ],
    [
      "a price without amount",
      criteria({ hotel: { price: { monetaryAmount: { currency: { code: "GBP" } } } } }),
      "priceSearchCriteria.product.hotel.price.monetaryAmount.amount",
    ],
    [
      "a leg without operating carrier",
      criteria({ flight: flight({ segment: [{ leg: [leg({ operatingCarrier: undefined })] }] }) }),
      "priceSearchCriteria.product.flight.segment[0].leg[0].operatingCarrier",
    ],
  ])("REQUEST_INVALID / MANDATORY_DATA_MISSING for %s", async (_label, body, path) => {
    expectWrapped(await post(body), 400, "REQUEST_INVALID", "MANDATORY_DATA_MISSING", path);
  });

  it("lists every failing node of the first failure's kind", async () => {
    const answer = await post(
      criteria({ hotel: { price: price(1.234, "eur") }, insurance: { price: price(1_000_000) } }),
    );
    const body = expectWrapped(answer, 400, "REQUEST_INVALID", "DATA_INVALID");
    expect(body.childError?.map((child) => child.path)).toEqual([
      "priceSearchCriteria.product.hotel.price.monetaryAmount.amount",
      "priceSearchCriteria.product.hotel.price.monetaryAmount.currency.code",
      "priceSearchCriteria.product.insurance.price.monetaryAmount.amount",
    ]);
  });

  it("refuses a currency without an agreed exchange rate with CURRENCY_NOT_SUPPORTED", async () => {
    const answer = await post(criteria({ hotel: { price: price(100, "RUB") } }));
    const body = expectWrapped(
      answer,
      400,
      "REQUEST_INVALID",
      "CURRENCY_NOT_SUPPORTED",
      "priceSearchCriteria.product.hotel.price.monetaryAmount.currency.code",
    );
    expect(body.developerMessage).toContain("RUB");
  });

  it("refuses a price worth fewer points than the minimum with PRICE_NOT_ELIGIBLE", async () => {
    const answer = await post(criteria({ flightAncillary: { flightAncillaryType: "WIFI", price: price(5) } }));
    expectWrapped(
      answer,
      400,
      "REQUEST_INVALID",
      "PRICE_NOT_ELIGIBLE",
      "priceSearchCriteria.product.flightAncillary.price.monetaryAmount.amount",
    );
  });
});

// ------------------------------------------------------------------ HTTP

describe("P9 product pricing: HTTP", () => {
  it("answers invalid JSON with MANDATORY_DATA_MISSING", async () => {
    expectWrapped(await post('{"priceSearchCriteria": '), 400, "REQUEST_INVALID", "MANDATORY_DATA_MISSING");
  });

  it.each([
    ["text/plain", { "Content-Type": "text/plain" }],
    ["application/xml", { "Content-Type": "application/xml" }],
    ["none", { "Content-Type": "" }],
  ])("answers 415 HEADER_INVALID for Content-Type %s", async (_label, headers) => {
    expectWrapped(
      await post(criteria({ hotel: { price: price() } }), { headers }),
      415,
      "REQUEST_INVALID",
      "HEADER_INVALID",
    );
  });

  it("validates only the first X-Forwarded-For address", async () => {
    expect(
      (
        await post(criteria({ hotel: { price: price() } }), {
          headers: { "X-Forwarded-For": "203.0.113.9, not-an-ip" },
        })
      ).status,
    ).toBe(200);
    expectWrapped(
      await post(criteria({ hotel: { price: price() } }), { headers: { "X-Forwarded-For": "not-an-ip, 203.0.113.9" } }),
      400,
      "REQUEST_INVALID",
      "DATA_INVALID",
    );
  });

  it("takes an alphanumeric X-Agent-Id and refuses any other", async () => {
    expect(
      (await post(criteria({ hotel: { price: price() } }), { headers: { "X-Agent-Id": "agent007" } })).status,
    ).toBe(200);
    expectWrapped(
      await post(criteria({ hotel: { price: price() } }), { headers: { "X-Agent-Id": "agent 007" } }),
      400,
      "REQUEST_INVALID",
      "DATA_INVALID",
    );
  });

  it("answers 405 with Allow: POST to other methods", async () => {
    const answer = await callRoute(pricingRoute, {
      method: "GET",
      url: withKey("/api/v2/product-prices"),
      params: { version: "v2" },
    });
    expectWrapped(answer, 405, "REQUEST_INVALID", "HTTP_METHOD_NOT_SUPPORTED");
    expect(answer.headers.get("allow")).toBe("POST");
  });

  it("is not served on other versions", async () => {
    expectWrapped(
      await post(criteria({ hotel: { price: price() } }), { version: "v3" }),
      404,
      "REQUEST_INVALID",
      "VERSION_NOT_SUPPORTED",
    );
  });

  it("checks the api_key first", async () => {
    const answer = await callRoute(pricingRoute, {
      method: "POST",
      url: "/api/v2/product-prices",
      params: { version: "v2" },
      body: "{",
    });
    expectWrapped(answer, 401, "DEVELOPER_NOT_AUTHORIZED");
  });
});

// ------------------------------------------------------------------ random input

const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    "CACHED",
    "STATIC_DISCOUNT",
    "GBP",
    "EUR",
    "RUB",
    "AIRPORT",
    "150.00",
    "3081000000000003",
    inThirtyDays,
    yesterday,
  ),
);

/** Valid requests with one node replaced or removed, and wholly random JSON. */
const randomBody = fc.oneof(
  fc
    .tuple(
      fc.constantFrom<Json>(
        criteria({ flight: flight() }),
        criteria({ hotel: { price: price() }, flightAncillary: { flightAncillaryType: "PET", price: price(30) } }),
        criteria({ packagedProduct: { flight: [flight()], insurance: [{ price: price(12.5) }] } }),
        criteria({ carHire: { price: price(99.99, "USD") } }, { membership: { membershipNumber: member5000 } }),
      ),
      fc.array(
        fc.constantFrom(
          "priceSearchCriteria",
          "product",
          "flight",
          "segment",
          0,
          "leg",
          "schedule",
          "price",
          "monetaryAmount",
          "amount",
          "currency",
          "membership",
          "packagedProduct",
          "hotel",
        ),
        { maxLength: 8 },
      ),
      fc.oneof(scalar, fc.constant(undefined), fc.jsonValue({ maxDepth: 2 })),
    )
    .map(([base, path, value]) => {
      const copy = structuredClone(base);
      let node: unknown = copy;
      for (const key of path.slice(0, -1)) {
        if (node === null || typeof node !== "object") break;
        node = (node as Record<string | number, unknown>)[key];
      }
      const last = path.at(-1);
      if (last !== undefined && node !== null && typeof node === "object")
        (node as Record<string | number, unknown>)[last] = value;
      return JSON.stringify(copy) ?? "null";
    }),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? "null"),
  fc.string({ maxLength: 40 }),
);

describe("P9 product pricing under random input", () => {
  it("never answers 5xx; answers a contract response or the wrapped Error resource", async () => {
    await fc.assert(
      fc.asyncProperty(
        randomBody,
        fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
        async (body, tokenIndex) => {
          const token = tokenIndex === undefined ? undefined : Object.values(tokens)[tokenIndex];
          const answer = await post(body, { token });
          expect(answer.status, answer.text).toBeLessThan(500);
          expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
          if (answer.status === 200) productPriceResponseSchema.strict().parse(answer.json);
          else {
            expect(wrappedErrorBodySchema.safeParse(answer.json).success, answer.text).toBe(true);
            expect(parseErrorBody(answer.json)?.code).toMatch(/^[A-Z_]+$/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
