import { z } from "zod";
import { flightAncillaryTypesV1 } from "./flight-ancillary-types";
import {
  latinLetter,
  maxProductSummaries,
  pointsAmountSchema,
  productFeatureSummariesSchema,
  referenceCharacters,
} from "./ledger-fields";

/** P5 Debit currency (a redemption). */
export const debitCurrencyVersions = ["v1"] as const;

export const debitProductTypes = [
  "FLIGHT",
  "HOTEL",
  "CAR_HIRE",
  "INSURANCE",
  ...flightAncillaryTypesV1,
  "OTHER",
] as const;

const missing = (message: string) => ({ message, params: { error: "MANDATORY_DATA_MISSING" } });

/** Partner identifiers: accented characters accepted and echoed unconverted. */
const partnerIdentifierSchema = z
  .string()
  .regex(new RegExp(`^[${latinLetter}0-9 +%_.&-]{1,64}$`), "1 to 64 letters, digits, spaces or + % _ . & -");

const productSummaryItemSchema = z
  .object({
    productInstanceIdentifier: z.string().max(200).regex(referenceCharacters, "letters, digits, &, . or -"),
    productFeatureSummary: productFeatureSummariesSchema.optional(),
    productTypeSummary: z.string().optional(),
  })
  .superRefine((item, context) => {
    if (item.productTypeSummary === undefined && item.productFeatureSummary === undefined) {
      context.addIssue({
        code: "custom",
        message: "a product summary needs productFeatureSummary or productTypeSummary",
        params: { error: "PRODUCT_SUMMARY_INCOMPLETE" },
      });
    } else if (!debitProductTypes.includes(item.productTypeSummary as (typeof debitProductTypes)[number])) {
      context.addIssue({
        code: "custom",
        path: ["productTypeSummary"],
        ...missing(`productTypeSummary must be one of ${debitProductTypes.join(", ")}`),
      });
    }
  });

export const debitRequestSchema = z.object({
  debitTransaction: z.object({
    externalTransactionDate: z.iso.datetime({ offset: true, error: "must be YYYY-MM-DDThh:mm:ss.sTZD" }),
    monetaryAmount: z.object({
      amount: pointsAmountSchema(10),
      currency: z.object({
        currencyCode: z.string().refine((code) => code === "POINTS", missing("currencyCode must be POINTS")),
      }),
    }),
    exchangeRate: z.object({ code: z.string().min(1) }).optional(),
    description: z
      .string()
      .regex(new RegExp(`^[${latinLetter}0-9~!@#$%^&]{1,100}$`), "description: letters, digits and ~!@#$%^&"),
    externalTransactionIdentifier: partnerIdentifierSchema,
    externalReferenceIdentifier: partnerIdentifierSchema.optional(),
    externalReferenceDescription: z
      .string()
      .regex(
        new RegExp(`^[${latinLetter}0-9 ~!@#$%^&.,'/()_-]{1,100}$`),
        "1 to 100 letters, digits, spaces and common punctuation",
      ),
    externalPartnerIdentifier: z.string().regex(/^[A-Za-z0-9]{1,20}$/, "1 to 20 letters or digits"),
    productSummary: z
      .array(productSummaryItemSchema)
      .max(maxProductSummaries, `at most ${maxProductSummaries} product summaries`)
      .superRefine((items, context) => {
        const seen = new Set<string>();
        items.forEach((item, index) => {
          if (seen.has(item.productInstanceIdentifier)) {
            context.addIssue({
              code: "custom",
              path: [index, "productInstanceIdentifier"],
              message: "productInstanceIdentifier values must be unique",
            });
          }
          seen.add(item.productInstanceIdentifier);
        });
      })
      .optional(),
    type: z.string().refine((type) => type === "REDEMPTION", missing("type must be REDEMPTION")),
  }),
});

export type DebitRequest = z.input<typeof debitRequestSchema>;

export const debitResponseSchema = z.object({
  debitTransaction: z.object({
    identifier: z.string().regex(/^[A-Za-z0-9]{1,32}$/),
    dateMade: z.iso.datetime(),
    monetaryAmount: z.object({
      amount: z.string().regex(/^\d{1,10}$/),
      formattedAmount: z.string().regex(/^\d{1,10}$/),
      currency: z.object({ currencyCode: z.literal("POINTS") }),
    }),
    description: z.string(),
    externalTransactionIdentifier: z.string(),
    externalReferenceIdentifier: z.string().optional(),
    externalReferenceDescription: z.string(),
    externalPartnerIdentifier: z.string(),
    type: z.literal("REDEMPTION"),
  }),
});

export type DebitResponse = z.infer<typeof debitResponseSchema>;
