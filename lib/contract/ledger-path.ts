import { z } from "zod";

/** `{programme-identifier}/accounts/{account-identifier}` of credit, debit and reverse: alphabetic; numeric 1 to 24. */
export const ledgerPathSchema = z.object({
  programmeIdentifier: z
    .string()
    .regex(/^[A-Za-z]{1,20}$/, "programme-identifier must be 1 to 20 letters")
    .transform((value) => value.toUpperCase()),
  accountIdentifier: z.string().regex(/^\d{1,24}$/, "account-identifier must be 1 to 24 digits"),
});
