import { z } from "zod";
import { retrievedAmountSchema } from "./points-amount";

/** P3 Retrieve transactions, both variants. */
export const retrieveTransactionsVersions = ["v1"] as const;

/** The highest end-record of each variant. */
export const recordLimits = { primary: 20, other: 99_999 } as const;
export type TransactionsVariant = keyof typeof recordLimits;

/** Query names the operation knows; they must be sent in lower case. */
export const transactionQueryNames = [
  "start-record",
  "end-record",
  "date-made-from",
  "date-made-to",
  "external-source",
] as const;

const calendarDate = z.iso.date({ error: "must be a date YYYY-MM-DD" });

function recordNumber(maximum: number) {
  return z
    .string({ error: "must be sent once" })
    .regex(/^\d{1,6}$/, `must be a whole number from 1 to ${maximum}`)
    .transform(Number)
    .pipe(z.number().int().min(1, `must be from 1 to ${maximum}`).max(maximum, `must be from 1 to ${maximum}`));
}

export function transactionsQuerySchema(variant: TransactionsVariant) {
  const maximum = recordLimits[variant];
  return z
    .object({
      startRecord: recordNumber(maximum).optional(),
      endRecord: recordNumber(maximum).optional(),
      dateMadeFrom: z.string({ error: "must be sent once" }).pipe(calendarDate).optional(),
      dateMadeTo: z.string({ error: "must be sent once" }).pipe(calendarDate).optional(),
      externalSource: z
        .string({ error: "must be sent once" })
        .max(10, "external-source is at most 10 characters")
        .optional(),
    })
    .superRefine((query, context) => {
      const start = query.startRecord ?? 1;
      const end = query.endRecord ?? maximum;
      if (start >= end && (query.startRecord !== undefined || query.endRecord !== undefined)) {
        context.addIssue({
          code: "custom",
          path: ["endRecord"],
          message: "start-record must be less than end-record",
          params: { error: "RECORD_RANGE_INVALID" },
        });
      }
      if (query.dateMadeFrom && query.dateMadeTo && query.dateMadeFrom > query.dateMadeTo) {
        context.addIssue({
          code: "custom",
          path: ["dateMadeFrom"],
          message: "date-made-from must not be later than date-made-to",
          params: { error: "DATE_RANGE_INVALID" },
        });
      }
    });
}

const transactionFields = {
  identifier: z.string().regex(/^[A-Za-z0-9]{1,32}$/),
  dateMade: z.string(),
  description: z.string(),
  amount: retrievedAmountSchema,
};

export const debitTransactionSchema = z.object({
  ...transactionFields,
  externalReferenceIdentifier: z.string().max(10).optional(),
});

export const creditTransactionSchema = z.object({
  ...transactionFields,
  externalReferenceIdentifier: z.string().max(10).optional(),
  externalSource: z.string().max(10),
});

export const transactionsResponseSchema = z.object({
  transaction: z
    .array(
      z.union([
        z.object({ debitTransaction: debitTransactionSchema }).strict(),
        z.object({ creditTransaction: creditTransactionSchema }).strict(),
      ]),
    )
    .min(1)
    .optional(),
});

export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;
export type RetrievedTransaction = NonNullable<TransactionsResponse["transaction"]>[number];
