import { toAscii } from "@/lib/text/to-ascii";

/**
 * The spec's "stored in upper case ASCII (one-way)": accents are dropped
 * ("José" → "JOSE"), compatibility forms folded ("ﬁ" → "FI"), and letters of
 * their own spelt out ("Straße" → "STRASSE"). A character with no ASCII form
 * (another script) is kept as it is, so callers that must store ASCII check
 * the result with `isPrintableAscii` rather than lose it silently.
 */
export function toAsciiUpper(value: string): string {
  return toAscii(value).toUpperCase();
}

export function isPrintableAscii(value: string): boolean {
  return /^[\x20-\x7E]*$/.test(value);
}

/**
 * What a security response is hashed from: upper-case ASCII with runs of
 * white space made one, so "  josé  maría" and "JOSE MARIA" are the same
 * answer when the member gives it again.
 */
export function normaliseSecurityResponse(response: string): string {
  return toAsciiUpper(response).trim().replace(/\s+/g, " ");
}

/** What a registered identifier (passport, identity card) is hashed from. */
export function normaliseRegisteredIdentifier(identifier: string): string {
  return toAsciiUpper(identifier).trim();
}
