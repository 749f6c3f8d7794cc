import { z } from "zod";

/**
 * The member-login client's redirect URIs as the console's form sends them:
 * one per line, 1 to 10, each an absolute http(s) URL without a fragment, at
 * most 500 characters. Kept exactly as written (A1 and A2 compare byte for byte).
 */
/** One redirect URI: an absolute http(s) URL without a fragment, at most 500 characters, kept as written. */
export const redirectUriSchema = z
  .string()
  .trim()
  .min(1, "Enter a redirect address.")
  .max(500, "Each address takes at most 500 characters.")
  .refine((uri) => {
    try {
      const url = new URL(uri);
      return (url.protocol === "https:" || url.protocol === "http:") && !uri.includes("#");
    } catch {
      return false;
    }
  }, "Each address must start with https:// or http://, without a # part.");

export const redirectUrisSchema = z
  .string()
  .max(5_100, "Enter at most 10 addresses.")
  .transform((text) =>
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(redirectUriSchema)
      .min(1, "Enter at least one redirect address.")
      .max(10, "Enter at most 10 addresses.")
      .refine((uris) => new Set(uris).size === uris.length, "Each address once."),
  );
