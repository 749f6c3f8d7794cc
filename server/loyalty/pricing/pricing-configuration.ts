import { z } from "zod";

/**
 * A partner's agreed pricing configuration, as stored in
 * `loyalty.partners.pricing_configuration` (sandbox.json's `pricing`).
 * Validated on every read: the engine's guarantees (whole points, no
 * negative cash) rest on these bounds, and a bad stored value is a fault of
 * the service, never of the request.
 */

/** Product types a pricing agreement can list. */
export const agreedProductTypes = ["FLIGHT", "FLIGHT_ANCILLARY", "CAR_HIRE", "HOTEL", "INSURANCE", "PACKAGE"] as const;
export type AgreedProductType = (typeof agreedProductTypes)[number];

const currencyCode = z.string().regex(/^[A-Z]{3}$/);

export const pricingConfigurationSchema = z
  .object({
    /** The currency prices are computed in. */
    baseCurrency: currencyCode,
    /** Informational: the currencies the partner sells in (every one needs a rate). */
    preferredCurrencies: z.array(currencyCode),
    products: z.array(z.enum(agreedProductTypes)),
    /** One option per price point: `percentage` of the price paid in points, `weight` its point value factor. */
    pricePoints: z
      .array(z.object({ percentage: z.number().gt(0).max(100), weight: z.number().gt(0).max(1000) }))
      .min(1),
    /** The fewest points an option may carry. */
    minimumPoints: z.number().int().min(0),
    /** The most cash an option may leave to pay, in the base currency; null for none. */
    maximumCashCap: z.number().min(0).nullable(),
    valuePerPoint: z.object({ amount: z.number().gt(0), currency: currencyCode }),
    adjustAndRecalculate: z.boolean(),
    /** 1 unit of the key currency is worth `rate` GBP. */
    exchangeRatesToGBP: z.record(currencyCode, z.number().gt(0)),
  })
  .superRefine((config, context) => {
    const needsRate = [config.baseCurrency, config.valuePerPoint.currency, ...config.preferredCurrencies];
    for (const currency of needsRate) {
      if (config.exchangeRatesToGBP[currency] === undefined) {
        context.addIssue({ code: "custom", path: ["exchangeRatesToGBP"], message: `no exchange rate for ${currency}` });
      }
    }
  });

export type PricingConfiguration = z.infer<typeof pricingConfigurationSchema>;

/**
 * Configurations already validated, by the stored value read from the
 * database. A value is never changed in place (a change is a new read), so
 * validating it once is enough; entries go with their partner lookup.
 */
const validated = new WeakMap<object, PricingConfiguration>();

/**
 * The partner's configuration, or null when it has none (not a redemption
 * partner). Throws when the stored value is malformed: the wrapper answers
 * that as an unexpected condition and logs it.
 */
export function readPricingConfiguration(stored: unknown): PricingConfiguration | null {
  if (stored === null || stored === undefined) return null;
  // The partner lookup hands out the same stored object while it remembers the partner.
  const cached = typeof stored === "object" ? validated.get(stored) : undefined;
  if (cached) return cached;
  const parsed = pricingConfigurationSchema.safeParse(stored);
  if (!parsed.success) {
    throw new Error(`stored pricing configuration is invalid: ${z.prettifyError(parsed.error)}`);
  }
  if (typeof stored === "object") validated.set(stored, parsed.data);
  return parsed.data;
}
