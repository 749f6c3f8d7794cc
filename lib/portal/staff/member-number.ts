import { z } from "zod";

/** A membership number as staff type it: spaces (cards print it in groups) are dropped; 16 to 24 digits. */
export const membershipNumberSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Enter a membership number.")
      .regex(/^\d+$/, "A membership number has digits only.")
      .min(16, "A membership number has 16 to 24 digits.")
      .max(24, "A membership number has 16 to 24 digits."),
  );

export const isMembershipNumber = (value: string) => /^\d{16,24}$/.test(value);
