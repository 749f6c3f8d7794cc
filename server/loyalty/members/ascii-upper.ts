import { toAsciiUpper } from "@/lib/text/to-ascii-upper";

export { isPrintableAscii, toAsciiUpper } from "@/lib/text/to-ascii-upper";

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
