import { z } from "zod";

/** The only points currency code. */
export const pointsCurrencySchema = z.object({ currencyCode: z.literal("POINTS") });

/** Transaction amount as retrieved: at most 6 digits. */
export const retrievedAmountSchema = z.object({
  amount: z.number().int().min(0).max(999_999),
  formattedAmount: z.string().regex(/^\d{1,6}$/),
  currency: pointsCurrencySchema,
});

export type RetrievedAmount = z.infer<typeof retrievedAmountSchema>;
