import { z } from "zod";
import { pointsCurrencySchema } from "./points-amount";

/** P2 Retrieve account. */
export const retrieveAccountVersions = ["v2"] as const;

export const accountPathSchema = z.object({
  programmeIdentifier: z.string().regex(/^[A-Za-z]{1,20}$/, "programme-identifier must be 1 to 20 letters"),
  accountIdentifier: z.string().regex(/^\d{16,24}$/, "account-identifier must be 16 to 24 digits"),
});

/** The elements `fields` can name, in the spec's spelling; matched without regard to case. */
export const accountFields = ["Balance", "accountStatus", "LastActivityDate", "AccountType"] as const;
export type AccountField = (typeof accountFields)[number];

const fieldByLowerCase = new Map(accountFields.map((field) => [field.toLowerCase(), field]));

/** `fields`: one element, or several separated by commas; omitted means all. */
export const accountQuerySchema = z.object({
  fields: z
    .string({ error: "fields must be sent once" })
    .superRefine((value, context) => {
      const names = value.split(",").map((name) => name.trim());
      if (names.some((name) => !fieldByLowerCase.has(name.toLowerCase()))) {
        context.addIssue({ code: "custom", message: `fields takes ${accountFields.join(", ")}, separated by commas` });
      }
    })
    .transform(
      (value) =>
        new Set(value.split(",").map((name) => fieldByLowerCase.get(name.trim().toLowerCase()) as AccountField)),
    )
    .optional(),
});

export const accountResponseSchema = z
  .object({
    accountType: z.enum(["INDIVIDUAL", "HOUSEHOLD"]),
    accountStatus: z.string().regex(/^[A-Z]{1,10}$/),
    lastActivityDate: z.iso.date(),
    balance: z.object({ amount: z.number().int().nonnegative(), currency: pointsCurrencySchema }),
  })
  .partial();

export type AccountResponse = z.infer<typeof accountResponseSchema>;
