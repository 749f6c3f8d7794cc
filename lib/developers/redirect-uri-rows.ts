import { z } from "zod";
import { redirectUriSchema } from "./redirect-uris-schema";

/** At most this many redirect URIs per client. */
export const maxRedirectUris = 10;

/**
 * What is wrong with each row of the console's redirect URI rows, by position (an empty row is left out, not
 * refused). A refusal names the row by its number, never by repeating what was typed.
 */
export function redirectUriRowErrors(rows: readonly string[]): (string | undefined)[] {
  const seen = new Map<string, number>();
  return rows.map((row, index) => {
    const value = row.trim();
    if (!value) return undefined;
    const parsed = redirectUriSchema.safeParse(value);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? "This address is not accepted.";
    const first = seen.get(value);
    if (first !== undefined) return `The same address as row ${first + 1}: each address once.`;
    seen.set(value, index);
    return undefined;
  });
}

/**
 * The rows as the form sends them (one `redirectUri` field per row, empty rows ignored): 1 to 10 valid, distinct
 * addresses, or the first bad row named ("Row 2: …"), so the developer can fix that one and keep the others.
 */
export const redirectUriRowsSchema = z
  .array(z.string().max(600, "Each address takes at most 500 characters."))
  .max(20, `Enter at most ${maxRedirectUris} addresses.`)
  .superRefine((rows, context) => {
    const errors = redirectUriRowErrors(rows);
    const bad = errors.findIndex((error) => error !== undefined);
    if (bad >= 0) context.addIssue({ code: "custom", message: `Row ${bad + 1}: ${errors[bad]}` });
  })
  .transform((rows) => rows.map((row) => row.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string())
      .min(1, "Enter at least one redirect address.")
      .max(maxRedirectUris, `Enter at most ${maxRedirectUris} addresses.`),
  );
