import { toAscii } from "./to-ascii";

/**
 * The spec's "stored in upper case ASCII (one-way)": accents are dropped
 * ("José" → "JOSE"), compatibility forms folded ("ﬁ" → "FI"), and letters of
 * their own spelt out ("Straße" → "STRASSE"). A character with no ASCII form
 * (another script) is kept as it is, so callers that must store ASCII check
 * the result with `isPrintableAscii` rather than lose it silently. The
 * service stores text so; the portal shows staff, before they save, the
 * value the service will store.
 */
export function toAsciiUpper(value: string): string {
  return toAscii(value).toUpperCase();
}

export function isPrintableAscii(value: string): boolean {
  return /^[\x20-\x7E]*$/.test(value);
}
