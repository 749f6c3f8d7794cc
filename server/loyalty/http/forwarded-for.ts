import { isIP } from "node:net";

/**
 * `X-Forwarded-For`: IP addresses separated by commas. The customary single
 * space after a comma is allowed; any other space, a port or an empty entry
 * is not (docs/decisions.md).
 */
export function isValidForwardedFor(value: string, options: { firstOnly?: boolean } = {}): boolean {
  const addresses = value.split(/, ?/);
  const checked = options.firstOnly ? addresses.slice(0, 1) : addresses;
  return checked.every((address) => address.length > 0 && isIP(address) !== 0);
}

/** The first address of `X-Forwarded-For`: the end customer. */
export function customerAddress(forwardedFor: string | null): string | undefined {
  return forwardedFor?.split(",")[0]?.trim() || undefined;
}
