import { z } from "zod";
import { flightAncillaryTypesV1 } from "@/lib/contract/flight-ancillary-types";

/**
 * sandbox.json's `demoShop`: what a member can redeem points on in the
 * partner portal. Each price is the cash price before points, priced through
 * product pricing (P9) with the product kind it names; the bounds below are
 * P9's, so every item can be priced as written. Kept free of server code so
 * that the portal can validate and seed its shop from it.
 */

/** P9's amount rule (6 digits before and 2 after the point), written with both decimals. */
export const shopAmountSchema = z.string().regex(/^\d{1,6}\.\d{2}$/, "amount is 1 to 6 digits, a point and 2 decimals");

export const shopPriceSchema = z.object({
  amount: shopAmountSchema.refine((amount) => Number(amount) > 0, "amount must be above zero"),
  currency: z.string().regex(/^[A-Z]{3}$/, "currency is an upper-case ISO 4217 code"),
});
export type ShopPrice = z.infer<typeof shopPriceSchema>;

/** A leg as the shop describes it; the portal writes P9's leg from it, departing `departsInDays` after pricing. */
export const shopLegSchema = z.object({
  outbound: z.boolean(),
  departure: z.string().regex(/^[A-Z]{3}$/, "departure is a 3-letter airport code"),
  arrival: z.string().regex(/^[A-Z]{3}$/, "arrival is a 3-letter airport code"),
  carrier: z.string().regex(/^[A-Z0-9]{2}$/, "carrier is a 2-character code"),
  flightNumber: z.string().regex(/^\d{1,4}$/, "flightNumber is 1 to 4 digits"),
  cabinClass: z.string().regex(/^[A-Z]{1,20}$/, "cabinClass is 1 to 20 upper-case letters"),
  bookingClass: z.string().regex(/^[A-Z]$/, "bookingClass is 1 upper-case letter"),
  departsInDays: z.number().int().min(1),
});
export type ShopLeg = z.infer<typeof shopLegSchema>;

const passengerCount = z.number().int().min(0).max(2_147_483_647);

export const shopFlightSchema = z.object({
  directFlight: z.boolean(),
  returnJourney: z.boolean(),
  passengerSummary: z.object({
    adultCount: passengerCount.optional(),
    youngAdultCount: passengerCount.optional(),
    childCount: passengerCount.optional(),
    infantCount: passengerCount.optional(),
    seniorCount: passengerCount.optional(),
  }),
  legs: z.array(shopLegSchema).min(1).max(20),
});
export type ShopFlight = z.infer<typeof shopFlightSchema>;

const named = { name: z.string().min(1).max(100) };

/** The single products, as a package's components name them (no id of their own). */
const flightComponent = z.object({
  kind: z.literal("FLIGHT"),
  ...named,
  price: shopPriceSchema,
  flight: shopFlightSchema,
});
const ancillaryComponent = z.object({
  kind: z.literal("FLIGHT_ANCILLARY"),
  ...named,
  // The v1 list: every version of P9 accepts these.
  flightAncillaryType: z.enum(flightAncillaryTypesV1),
  price: shopPriceSchema,
});
const plainComponent = z.object({
  kind: z.enum(["HOTEL", "CAR_HIRE", "INSURANCE"]),
  ...named,
  price: shopPriceSchema,
});

export const shopComponentSchema = z.discriminatedUnion("kind", [flightComponent, ancillaryComponent, plainComponent]);
export type ShopComponent = z.infer<typeof shopComponentSchema>;

/** P9 prices a package on its total, which must be in one currency and within the amount rule. */
function checkPackageTotal(components: ShopComponent[], context: z.RefinementCtx): void {
  const currency = components[0]?.price.currency;
  if (components.some((component) => component.price.currency !== currency)) {
    context.addIssue({ code: "custom", message: "a package's components share one currency" });
    return;
  }
  const totalMinorUnits = components.reduce(
    (sum, component) => sum + Math.round(Number(component.price.amount) * 100),
    0,
  );
  if (totalMinorUnits > 99_999_999) context.addIssue({ code: "custom", message: "a package totals at most 999999.99" });
}

const productId = { id: z.string().regex(/^[A-Z0-9-]{1,40}$/, "id is 1 to 40 upper-case letters, digits or dashes") };

export const shopProductSchema = z.discriminatedUnion("kind", [
  flightComponent.extend(productId),
  ancillaryComponent.extend(productId),
  plainComponent.extend(productId),
  z.object({
    ...productId,
    kind: z.literal("PACKAGE"),
    ...named,
    // More than one product, as the shop's note says: its options are never adjusted to the balance.
    components: z.array(shopComponentSchema).min(2).max(20).superRefine(checkPackageTotal),
  }),
]);
export type ShopProduct = z.infer<typeof shopProductSchema>;
export type ShopProductKind = ShopProduct["kind"];

export const demoShopSchema = z.object({
  about: z.string(),
  products: z
    .array(shopProductSchema)
    .min(1)
    .superRefine((products, context) => {
      const seen = new Set<string>();
      for (const [index, product] of products.entries()) {
        if (seen.has(product.id)) {
          context.addIssue({ code: "custom", path: [index, "id"], message: `product id ${product.id} is used twice` });
        }
        seen.add(product.id);
      }
    }),
});
export type DemoShop = z.infer<typeof demoShopSchema>;
