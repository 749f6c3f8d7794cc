import { z } from "zod";
import { flightAncillaryTypesV1 } from "./flight-ancillary-types";

/**
 * P9 Retrieve product pricing: the request body (`priceSearchCriteria`) and
 * the response (`product`). Shared by the route, the client and the portal's
 * forms. Both body variants are served: v1 without `membership.balance` and
 * without PRIORITY_BOARDING, v2 with them (docs/decisions.md, "P9").
 *
 * Failing nodes name their catalogue entry: an absent mandatory node is
 * PRICING_MANDATORY_DATA_MISSING, a missing departure date range is
 * PRICING_DEPARTURE_DATE_MISSING (the spec's SYSTEM_UNAVAILABLE, answered
 * with 400), anything else is DATA_INVALID.
 */
export const productPricingVersions = ["v1", "v2"] as const;
export type ProductPricingVersion = (typeof productPricingVersions)[number];

const MISSING = "PRICING_MANDATORY_DATA_MISSING";
const DEPARTURE_MISSING = "PRICING_DEPARTURE_DATE_MISSING";
const INVALID = "DATA_INVALID";

/** Passenger counts and balances: a signed 32-bit integer, as the spec's limit says. */
export const MAX_INT32 = 2_147_483_647;
/** Largest price the contract accepts: 6 digits before and 2 after the point. */
export const MAX_PRICE_MINOR_UNITS = 99_999_999;
/** An option's amount has at most 6 digits before the decimal point (P9's response), and points are whole. */
export const MAX_OPTION_POINTS = 999_999;
/** Arrays the spec leaves open-ended (1..n, 0..n) are capped, so one request cannot ask for unbounded work. */
export const MAX_ITEMS = 20;

export { flightAncillaryTypesV1 };
export const flightAncillaryTypesV2 = [...flightAncillaryTypesV1, "PRIORITY_BOARDING"] as const;
export type FlightAncillaryType = (typeof flightAncillaryTypesV2)[number];

export const priceTypes = ["STATIC_DISCOUNT", "DYNAMIC_DISCOUNT"] as const;
export type PriceType = (typeof priceTypes)[number];

export const PRICE_OPTION_TYPE = "PART_AVIOS_PART_CASH";

type IssueSink = {
  addIssue(issue: { code: "custom"; message: string; params: { error: string }; path?: PropertyKey[] }): void;
};

function flag(context: IssueSink, error: string, message: string, path?: PropertyKey[]): void {
  context.addIssue({ code: "custom", message, params: { error }, ...(path ? { path } : {}) });
}

/**
 * A mandatory node whose absence the spec answers with its own error: the
 * absence is reported under `error`, any other failure by `schema`.
 */
function requiredAs<Schema extends z.ZodType>(error: string, message: string, schema: Schema) {
  return z
    .unknown()
    .superRefine((value, context) => {
      if (value === undefined) flag(context, error, message);
    })
    .pipe(schema);
}

/**
 * Enums and literals report an absent value as an invalid one; this reports
 * it as missing, like every other mandatory node.
 */
function mandatory<Schema extends z.ZodType>(name: string, schema: Schema) {
  return requiredAs(MISSING, `${name} is required`, schema);
}

// ------------------------------------------------------------------ amounts

const amountPattern = /^\d{1,6}(?:\.\d{1,2})?$/;

/**
 * A price amount in minor units (hundredths). Numbers are read through their
 * shortest text, so 10.1 is 1010 and 10.123 or 1e-7 never pass the pattern.
 */
export function amountInMinorUnits(amount: number | string): number {
  const text = String(amount);
  const [whole = "0", fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * `monetaryAmount.amount`: a JSON number (the spec's type) or the same
 * digits as text; up to 6 digits before and 2 after the point (max length
 * 9), above zero. Kept as sent.
 */
export const priceAmountSchema = z.unknown().transform((value, context): number | string => {
  if (value === undefined) {
    flag(context, MISSING, "amount is required");
    return z.NEVER;
  }
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : undefined;
  if (text === undefined || !amountPattern.test(text)) {
    flag(context, INVALID, "amount must be a number with up to 6 digits before and 2 after the decimal point");
    return z.NEVER;
  }
  if (amountInMinorUnits(text) === 0) {
    flag(context, INVALID, "amount must be above zero");
    return z.NEVER;
  }
  return value as number | string;
});

export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, "currency code must be 3 upper-case letters (ISO 4217)");

export const priceSchema = z.object({
  monetaryAmount: z.object({
    amount: priceAmountSchema,
    currency: z.object({ code: currencyCodeSchema }),
  }),
});
export type PriceInput = z.output<typeof priceSchema>;

// ------------------------------------------------------------------ flight

/**
 * ISO-8601 with seconds and a zone designator, e.g. `2030-05-01T09:30:00.0+01:00`
 * (zod's pattern also refuses 31 February); not before now. `abort` stops
 * at a bad format, so one node gives one child.
 */
const startDateTimeSchema = z.iso
  .datetime({ offset: true, abort: true, error: "startDateTime must be a date and time YYYY-MM-DDThh:mm:ss.sTZD" })
  .refine((value) => Date.parse(value) >= judgedAt(), "startDateTime must not be in the past");

/** The moment "not in the past" is judged by: real time, unless a parse runs within `judgingTimeBy`. */
let judgedAt: () => number = Date.now;

/**
 * Runs `parse` with "not in the past" judged by `now` (a developer sandbox's
 * clock) instead of real time. The schemas are built once and shared, so
 * the moment cannot be built into them; a zod parse is synchronous, so no
 * other request's parse runs while the moment is set.
 */
export function judgingTimeBy<T>(now: () => number, parse: () => T): T {
  const previous = judgedAt;
  judgedAt = now;
  try {
    return parse();
  } finally {
    judgedAt = previous;
  }
}

const departureMissing = "the departure date range (schedule.departureDateRange.startDateTime) is required";

/** `id` is 3 characters; as the spec says, only the length is validated. */
const locationSchema = z.object({
  id: z.string().length(3, "location id must be 3 characters"),
  type: mandatory("type", z.literal("AIRPORT", "location type must be AIRPORT")),
});

/**
 * `leg.schedule`: the departure date range and, as the spec's field table
 * places them ("leg.schedule.departureLocation / arrivalLocation"), both
 * locations. An absent schedule is an absent date range (the spec's
 * SYSTEM_UNAVAILABLE), whatever else it would have held.
 */
const scheduleSchema = requiredAs(
  DEPARTURE_MISSING,
  departureMissing,
  z.object({
    departureDateRange: requiredAs(
      DEPARTURE_MISSING,
      departureMissing,
      z.object({ startDateTime: requiredAs(DEPARTURE_MISSING, departureMissing, startDateTimeSchema) }),
    ),
    departureLocation: locationSchema,
    arrivalLocation: locationSchema,
  }),
);

/** `flightNumber`: up to 4 digits, as text or as a number; kept as sent. */
const flightNumberSchema = z.unknown().transform((value, context): string | number => {
  if (value === undefined) {
    flag(context, MISSING, "flightNumber is required");
    return z.NEVER;
  }
  const valid =
    (typeof value === "string" && /^\d{1,4}$/.test(value)) ||
    (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 9999);
  if (!valid) {
    flag(context, INVALID, "flightNumber must be numeric, at most 4 digits");
    return z.NEVER;
  }
  return value as string | number;
});

/** `iatacode.code` is 2 characters; only the length is validated. */
const carrierSchema = z.object({
  flightNumber: flightNumberSchema,
  iatacode: z.object({ code: z.string().length(2, "carrier code must be 2 characters") }),
});

const legSchema = z.object({
  fareFamilyCode: z
    .string()
    .regex(/^[A-Z0-9]{1,5}$/, "fareFamilyCode must be 1 to 5 upper-case letters or digits")
    .optional(),
  schedule: scheduleSchema,
  marketingCarrier: carrierSchema,
  operatingCarrier: carrierSchema,
  bookingClass: z
    .object({ code: z.string().regex(/^[A-Z]$/, "bookingClass code must be 1 upper-case letter") })
    .optional(),
  cabinClass: z
    .object({ code: z.string().regex(/^[A-Z]{1,20}$/, "cabinClass code must be 1 to 20 upper-case letters") })
    .optional(),
});
export type LegInput = z.output<typeof legSchema>;

/** A 1..n array (capped): an empty one is missing data, not invalid data. */
function nonEmptyArray<Item extends z.ZodType>(item: Item, name: string) {
  return z
    .array(item)
    .max(MAX_ITEMS, `${name} holds at most ${MAX_ITEMS} items`)
    .superRefine((items, context) => {
      if (items.length === 0) flag(context, MISSING, `${name} needs at least one item`);
    });
}

const segmentSchema = z.object({
  outbound: z.boolean("outbound must be true or false").default(false),
  leg: nonEmptyArray(legSchema, "leg"),
});

const countSchema = z
  .number()
  .int({ error: "counts are whole numbers", abort: true })
  .min(0, "counts are not negative")
  .max(MAX_INT32, `counts are at most ${MAX_INT32}`)
  .default(0);

const passengerSummarySchema = z.object({
  adultCount: countSchema,
  youngAdultCount: countSchema,
  childCount: countSchema,
  infantCount: countSchema,
  seniorCount: countSchema,
});

/** `directFlight` is the text "true" or "false", as the spec types it. */
const directFlightSchema = z.enum(["true", "false"], 'directFlight must be the string "true" or "false"');
const returnJourneySchema = z.boolean("returnJourney must be true or false");

/**
 * `returnJourney` has no default here: the spec also places it (and
 * `directFlight`) on `product`, and the flight's own value wins over that
 * one, so "not sent" must stay visible (default false applied at pricing).
 */
const flightSchema = z.object({
  directFlight: directFlightSchema.optional(),
  returnJourney: returnJourneySchema.optional(),
  passengerSummary: passengerSummarySchema.optional(),
  segment: nonEmptyArray(segmentSchema, "segment"),
  price: priceSchema,
});
export type FlightInput = z.output<typeof flightSchema>;

function flightAncillarySchema(version: ProductPricingVersion) {
  const types = version === "v1" ? flightAncillaryTypesV1 : flightAncillaryTypesV2;
  return z.object({
    flightAncillaryType: mandatory(
      "flightAncillaryType",
      z.enum(types, `flightAncillaryType must be one of ${types.join(", ")}`),
    ),
    price: priceSchema,
  });
}

const pricedItemSchema = z.object({ price: priceSchema });

// ------------------------------------------------------------------ package

const packageKinds = ["flight", "flightAncillary", "carHire", "hotel", "insurance"] as const;

function packagedProductSchema(version: ProductPricingVersion) {
  const list = <Item extends z.ZodType>(item: Item, name: string) =>
    z.array(item).max(MAX_ITEMS, `${name} holds at most ${MAX_ITEMS} items`).optional();
  return z
    .object({
      flight: list(flightSchema, "flight"),
      flightAncillary: list(flightAncillarySchema(version), "flightAncillary"),
      carHire: list(pricedItemSchema, "carHire"),
      hotel: list(pricedItemSchema, "hotel"),
      insurance: list(pricedItemSchema, "insurance"),
    })
    .superRefine((pack, context) => {
      const items = packageKinds.flatMap((kind) =>
        (pack[kind] ?? []).map((item: { price: PriceInput }, index) => ({ path: [kind, index], price: item.price })),
      );
      const first = items[0];
      if (!first) {
        flag(
          context,
          MISSING,
          "packagedProduct needs at least one flight, flightAncillary, carHire, hotel or insurance",
        );
        return;
      }
      // A package is priced on its total, which needs one currency.
      const currency = first.price.monetaryAmount.currency.code;
      for (const item of items) {
        if (item.price.monetaryAmount.currency.code !== currency) {
          flag(context, INVALID, `every price in a package must be in ${currency}`, [
            ...item.path,
            "price",
            "monetaryAmount",
            "currency",
            "code",
          ]);
        }
      }
      const total = items.reduce((sum, item) => sum + amountInMinorUnits(item.price.monetaryAmount.amount), 0);
      if (total > MAX_PRICE_MINOR_UNITS) {
        flag(context, INVALID, "the package total must be at most 999999.99");
      }
    });
}

// ------------------------------------------------------------------ request

export const productKinds = ["flight", "flightAncillary", "carHire", "hotel", "insurance", "packagedProduct"] as const;
export type ProductKind = (typeof productKinds)[number];

function productSchema(version: ProductPricingVersion) {
  return z
    .object({
      directFlight: directFlightSchema.optional(),
      returnJourney: returnJourneySchema.optional(),
      flight: flightSchema.optional(),
      flightAncillary: flightAncillarySchema(version).optional(),
      carHire: pricedItemSchema.optional(),
      hotel: pricedItemSchema.optional(),
      insurance: pricedItemSchema.optional(),
      packagedProduct: packagedProductSchema(version).optional(),
    })
    .superRefine((product, context) => {
      if (productKinds.every((kind) => product[kind] === undefined)) {
        flag(context, MISSING, `product needs at least one of ${productKinds.join(", ")}`);
      }
    });
}

function membershipSchema(version: ProductPricingVersion) {
  const common = {
    membershipNumber: z
      .string()
      .regex(/^\d{1,24}$/, "membershipNumber must be numeric, at most 24 digits")
      .optional(),
    tier: z
      .string()
      .regex(/^[A-Za-z]{1,20}$/, "tier must be 1 to 20 letters")
      .optional(),
  };
  // The version 2 body adds the balance; on v1 it is an unknown element, ignored like any other.
  return version === "v1"
    ? z.object(common)
    : z.object({
        ...common,
        balance: z
          .number("balance must be a number")
          .int({ error: "balance is a whole number of points", abort: true })
          .min(0, "balance is not negative")
          .max(MAX_INT32, `balance is at most ${MAX_INT32}`)
          .optional(),
      });
}

function buildProductPriceRequestSchema(version: ProductPricingVersion) {
  return z.object({
    priceSearchCriteria: z.object({
      priceType: mandatory("priceType", z.enum(priceTypes, "priceType must be STATIC_DISCOUNT or DYNAMIC_DISCOUNT")),
      priceSource: mandatory("priceSource", z.literal("CACHED", "priceSource must be CACHED (case sensitive)")),
      membership: membershipSchema(version).optional(),
      product: productSchema(version),
    }),
  });
}

const requestSchemas = new Map<ProductPricingVersion, ReturnType<typeof buildProductPriceRequestSchema>>();

/**
 * The request schema of a version, built once: building a zod schema costs
 * far more than parsing with it, and pricing sits on a hot path. Nothing in
 * it depends on the moment it was built ("not in the past" is judged at parse).
 */
export function productPriceRequestSchema(version: ProductPricingVersion) {
  let schema = requestSchemas.get(version);
  if (!schema) {
    schema = buildProductPriceRequestSchema(version);
    requestSchemas.set(version, schema);
  }
  return schema;
}

export type ProductPriceRequest = z.output<ReturnType<typeof buildProductPriceRequestSchema>>;
export type PriceSearchCriteria = ProductPriceRequest["priceSearchCriteria"];
export type ProductInput = PriceSearchCriteria["product"];
export type FlightAncillaryInput = NonNullable<ProductInput["flightAncillary"]>;
export type PricedItemInput = z.output<typeof pricedItemSchema>;
export type PackagedProductInput = NonNullable<ProductInput["packagedProduct"]>;

// ------------------------------------------------------------------ response

const cashAmountSchema = z.object({
  amount: z
    .number()
    .min(0)
    .max(MAX_PRICE_MINOR_UNITS / 100)
    .refine((amount) => amountPattern.test(String(amount)), "at most 2 decimals"),
  currency: z.object({ code: currencyCodeSchema }),
});

const pointsAmountSchema = z.object({
  amount: z.number().int().min(1).max(MAX_OPTION_POINTS),
  currency: z.object({ code: z.literal("POINTS") }),
});

/** One discount price option: the cash the member pays and the points that pay the rest. */
export const priceOptionSchema = z.object({
  priceOptionType: z.literal(PRICE_OPTION_TYPE),
  cashAmount: cashAmountSchema,
  pointsAmount: pointsAmountSchema,
});
export type PriceOption = z.infer<typeof priceOptionSchema>;

/** The discount price options of one product (1..n), points ascending. */
export const priceOptionsSchema = z.array(priceOptionSchema).min(1);

const legEchoSchema = z.object({
  fareFamilyCode: z.string().optional(),
  schedule: z.object({
    departureDateRange: z.object({ startDateTime: z.string() }),
    departureLocation: z.object({ id: z.string(), type: z.literal("AIRPORT") }),
    arrivalLocation: z.object({ id: z.string(), type: z.literal("AIRPORT") }),
  }),
  marketingCarrier: z.object({
    flightNumber: z.union([z.string(), z.number()]),
    iatacode: z.object({ code: z.string() }),
  }),
  operatingCarrier: z.object({
    flightNumber: z.union([z.string(), z.number()]),
    iatacode: z.object({ code: z.string() }),
  }),
  bookingClass: z.object({ code: z.string() }).optional(),
  cabinClass: z.object({ code: z.string() }).optional(),
});

const countEchoSchema = z.number().int().min(0).max(MAX_INT32);

/** A flight as echoed: defaults filled in, optional elements only when sent. */
export const flightEchoSchema = z.object({
  directFlight: z.enum(["true", "false"]).optional(),
  returnJourney: z.boolean(),
  passengerSummary: z.object({
    adultCount: countEchoSchema,
    youngAdultCount: countEchoSchema,
    childCount: countEchoSchema,
    infantCount: countEchoSchema,
    seniorCount: countEchoSchema,
  }),
  segment: z.array(z.object({ outbound: z.boolean(), leg: z.array(legEchoSchema).min(1) })).min(1),
});

const ancillaryEchoSchema = z.object({ flightAncillaryType: z.enum(flightAncillaryTypesV2) });

export const productPriceResponseSchema = z.object({
  product: z.object({
    flight: flightEchoSchema.extend({ price: priceOptionsSchema }).optional(),
    flightAncillary: ancillaryEchoSchema.extend({ price: priceOptionsSchema }).optional(),
    carHire: z.object({ price: priceOptionsSchema }).optional(),
    hotel: z.object({ price: priceOptionsSchema }).optional(),
    insurance: z.object({ price: priceOptionsSchema }).optional(),
    /** Priced on its total; the items are echoed without prices of their own. */
    packagedProduct: z
      .object({
        flight: z.array(flightEchoSchema).min(1).optional(),
        flightAncillary: z.array(ancillaryEchoSchema).min(1).optional(),
        carHire: z.array(z.object({})).min(1).optional(),
        hotel: z.array(z.object({})).min(1).optional(),
        insurance: z.array(z.object({})).min(1).optional(),
        price: priceOptionsSchema,
      })
      .optional(),
  }),
});

export type ProductPriceResponse = z.infer<typeof productPriceResponseSchema>;
export type FlightEcho = z.infer<typeof flightEchoSchema>;
