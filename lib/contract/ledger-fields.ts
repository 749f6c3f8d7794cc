import { z } from "zod";

/**
 * Field rules shared by credit, debit and reverse. Character sets follow the
 * spec's Resources tables; where the spec says only "letters" it means Latin
 * letters, accented ones included where it says so.
 */
export const pointsCurrencyCodeSchema = z.literal("POINTS", { error: "currencyCode must be POINTS" });

/** Letters, digits, `&`, `.`, `-` (references, sources, product instances). */
export const referenceCharacters = /^[A-Za-z0-9&.-]+$/;

/** Latin letters including accented ones. */
export const latinLetter = "A-Za-z\\u00C0-\\u024F";

/** An ISO-8601 date-time with an offset (`YYYY-MM-DDThh:mm:ss.sTZD`) or a date. */
export const isoDateOrDateTimeSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: "must be an ISO-8601 date or date-time with its offset",
});

/**
 * "0..n" in the spec, capped so one request cannot ask for unbounded work or
 * storage: a basket of at most 50 products, each with at most 20 features.
 */
export const maxProductSummaries = 50;
export const maxProductFeatureSummaries = 20;

export const productFeatureSummarySchema = z.object({
  code: z.string().min(1).max(200),
  value: z.string().min(1).max(200),
  index: z.union([z.number().int().min(0).max(99_999), z.string().regex(/^\d{1,5}$/)]).optional(),
});

/** Whole points as a string of digits: `"00150"` is 150. */
export function pointsAmountSchema(maximumDigits: number) {
  return z
    .string({ error: "amount must be a string of digits" })
    .regex(new RegExp(`^\\d{1,${maximumDigits}}$`), `amount must be 1 to ${maximumDigits} digits`)
    .transform((value) => BigInt(value))
    .refine((value) => value >= 1n, "amount must be above zero");
}

/** A product's feature summaries: at most `maxProductFeatureSummaries`. */
export const productFeatureSummariesSchema = z
  .array(productFeatureSummarySchema)
  .max(maxProductFeatureSummaries, `at most ${maxProductFeatureSummaries} feature summaries per product`);
