import { z } from "zod";
import {
  isoDateOrDateTimeSchema,
  latinLetter,
  pointsAmountSchema,
  pointsCurrencyCodeSchema,
  maxProductSummaries,
  productFeatureSummariesSchema,
  referenceCharacters,
} from "./ledger-fields";

/** P4 Credit currency (a collection). */
export const creditCurrencyVersions = ["v1"] as const;

export const creditProductTypes = ["FLIGHT", "HOTEL", "CAR HIRE", "OTHER", "EXPERIENCE", "WINE", "CAR"] as const;

const personNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(new RegExp(`^[${latinLetter}' -]+$`), "names take letters, apostrophes, hyphens and spaces");

export const creditRequestSchema = z.object({
  description: z
    .string()
    .regex(/^[A-Za-z0-9&.-]{1,51}$/, "description: 1 to 51 letters, digits, &, . or -")
    .optional(),
  monetaryAmount: z.object({
    amount: pointsAmountSchema(6),
    currency: z.object({ currencyCode: pointsCurrencyCodeSchema }),
  }),
  externalTransactionIdentifier: z
    .string()
    .regex(
      /^[A-Za-z0-9 +%_.&-]{1,64}$/,
      "externalTransactionIdentifier: 1 to 64 letters, digits, spaces or + % _ . & -",
    ),
  externalTransactionDate: isoDateOrDateTimeSchema,
  externalReferenceIdentifier: z.string().max(10).regex(referenceCharacters, "letters, digits, &, . or -").optional(),
  externalReferenceDescription: z.string().max(62).regex(referenceCharacters, "letters, digits, &, . or -").optional(),
  externalPartnerIdentifier: z
    .string()
    .regex(/^[A-Za-z0-9 ]{1,3}$/, "1 to 3 letters, digits or spaces")
    .optional(),
  externalSource: z.string().max(10).regex(referenceCharacters, "1 to 10 letters, digits, &, . or -"),
  productSummary: z
    .array(
      z.object({
        productInstanceIdentifier: z.string().max(200).regex(referenceCharacters, "letters, digits, &, . or -"),
        productFeatureSummary: productFeatureSummariesSchema.optional(),
        productTypeSummary: z.enum(creditProductTypes),
      }),
    )
    .max(maxProductSummaries, `at most ${maxProductSummaries} product summaries`)
    .optional(),
  type: z.literal("COLLECTION", { error: "type must be COLLECTION" }),
  person: z.object({
    name: z.object({ firstName: personNameSchema.optional(), familyName: personNameSchema }),
  }),
});

export type CreditRequest = z.input<typeof creditRequestSchema>;

const amountSchema = z.object({
  amount: z.string().regex(/^\d{1,6}$/),
  formattedAmount: z.string().regex(/^\d{1,6}$/),
  currency: z.object({ currencyCode: z.literal("POINTS") }),
});

export const creditResponseSchema = z.object({
  dateMade: z.iso.datetime(),
  description: z.string().optional(),
  monetaryAmount: amountSchema,
  externalTransactionIdentifier: z.string(),
  externalTransactionDate: z.iso.datetime(),
  externalReferenceIdentifier: z.string().optional(),
  externalReferenceDescription: z.string().optional(),
  externalPartnerIdentifier: z.string().max(3).optional(),
  externalSource: z.string(),
  type: z.literal("COLLECTION"),
});

export type CreditResponse = z.infer<typeof creditResponseSchema>;
