import { z } from "zod";
import { flightAncillaryTypesV2 } from "@/lib/contract/product-pricing";

/**
 * The Demo Partner shop (`demoShop` of sandbox.json): what a member can
 * redeem points on. Validated on load, so a bad edit of the sandbox fails
 * loudly instead of pricing nonsense.
 */
const moneySchema = z.object({
  amount: z.string().regex(/^\d{1,6}\.\d{2}$/, "amounts are written with two decimals, e.g. 180.00"),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type ShopMoney = z.infer<typeof moneySchema>;

const legSchema = z.object({
  outbound: z.boolean(),
  departure: z.string().regex(/^[A-Z]{3}$/),
  arrival: z.string().regex(/^[A-Z]{3}$/),
  carrier: z.string().regex(/^[A-Z0-9]{2}$/),
  flightNumber: z.string().regex(/^\d{1,4}$/),
  cabinClass: z.string().regex(/^[A-Z]{1,20}$/),
  bookingClass: z.string().regex(/^[A-Z]$/),
  /** Days after the day the flight is priced, so the sandbox never goes stale. */
  departsInDays: z.number().int().min(1),
});
export type ShopLeg = z.infer<typeof legSchema>;

const flightDetailsSchema = z.object({
  directFlight: z.boolean(),
  returnJourney: z.boolean(),
  passengerSummary: z.object({
    adultCount: z.number().int().min(0).optional(),
    youngAdultCount: z.number().int().min(0).optional(),
    childCount: z.number().int().min(0).optional(),
    infantCount: z.number().int().min(0).optional(),
    seniorCount: z.number().int().min(0).optional(),
  }),
  legs: z.array(legSchema).min(1),
});
export type ShopFlight = z.infer<typeof flightDetailsSchema>;

const name = z.string().min(1).max(120);

const flightItem = z.object({ kind: z.literal("FLIGHT"), name, price: moneySchema, flight: flightDetailsSchema });
const ancillaryItem = z.object({
  kind: z.literal("FLIGHT_ANCILLARY"),
  name,
  price: moneySchema,
  flightAncillaryType: z.enum(flightAncillaryTypesV2),
});
const plainItem = z.object({ kind: z.enum(["HOTEL", "CAR_HIRE", "INSURANCE"]), name, price: moneySchema });

/** A single product, or one component of a package. */
export const shopItemSchema = z.discriminatedUnion("kind", [flightItem, ancillaryItem, plainItem]);
export type ShopItem = z.infer<typeof shopItemSchema>;

const packageProduct = z.object({
  kind: z.literal("PACKAGE"),
  name,
  components: z.array(shopItemSchema).min(2),
});

const productId = z.string().regex(/^[A-Z0-9-]{1,60}$/, "product ids are upper-case letters, digits and hyphens");

export const shopProductSchema = z.union([
  z.intersection(z.object({ id: productId }), shopItemSchema),
  packageProduct.extend({ id: productId }),
]);
export type ShopProduct = z.infer<typeof shopProductSchema>;
export type ShopPackage = Extract<ShopProduct, { kind: "PACKAGE" }>;

export const demoShopSchema = z.object({
  products: z
    .array(shopProductSchema)
    .min(1)
    .refine((products) => new Set(products.map((product) => product.id)).size === products.length, {
      message: "product ids must be unique",
    }),
});

export const shopKinds = ["FLIGHT", "FLIGHT_ANCILLARY", "HOTEL", "CAR_HIRE", "INSURANCE", "PACKAGE"] as const;
export type ShopKind = (typeof shopKinds)[number];

export const kindLabels: Record<ShopKind, string> = {
  FLIGHT: "Flight",
  FLIGHT_ANCILLARY: "Flight extra",
  HOTEL: "Hotel",
  CAR_HIRE: "Car hire",
  INSURANCE: "Insurance",
  PACKAGE: "Package",
};

/** "180.00" → 18000: prices are kept in minor units. */
export function toMinorUnits(amount: string): number {
  const [whole = "0", fraction = "00"] = amount.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

/** 18000 → "180.00". */
export function fromMinorUnits(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/**
 * The cash price before points. A package costs the sum of its components,
 * which must share one currency (the service prices a package on its total).
 */
export function productPrice(product: ShopProduct): { minor: number; currency: string } {
  if (product.kind !== "PACKAGE")
    return { minor: toMinorUnits(product.price.amount), currency: product.price.currency };
  const currencies = new Set(product.components.map((component) => component.price.currency));
  if (currencies.size !== 1) throw new Error(`The components of ${product.id} must share one currency`);
  return {
    minor: product.components.reduce((sum, component) => sum + toMinorUnits(component.price.amount), 0),
    currency: product.components[0]!.price.currency,
  };
}
