import "server-only";
import { isIP } from "node:net";

/**
 * The client's address from X-Forwarded-For. Each trusted proxy appends
 * the address it sees, so the client is the entry `trustedProxies` places
 * from the end; anything to its left was written by the client and proves
 * nothing. Without a proxy (0), `next start` writes the socket's address
 * when the request carries none, and the last entry is taken. Undefined
 * when that entry is not an IP address.
 */
export function clientAddress(forwardedFor: string | null | undefined, trustedProxies: number): string | undefined {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = entries[Math.max(entries.length - Math.max(trustedProxies, 1), 0)];
  return entry !== undefined && isIP(entry) !== 0 ? entry : undefined;
}

/**
 * What a rate limit counts by: an IPv4 address (also when written as
 * IPv4-mapped IPv6), or an IPv6 address's /64 network, since one
 * subscriber is usually given a whole /64. Requests without a usable
 * address share one counter.
 */
export function rateLimitKey(address: string | undefined): string {
  if (address === undefined) return "unknown";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (isIP(address) === 4) return address;
  if (mapped) return mapped;
  if (isIP(address) !== 6) return "unknown";
  return `${expandIpv6(address).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, lower case, without leading zeros. */
function expandIpv6(address: string): string[] {
  const withoutZone = address.split("%", 1)[0]!.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) counts as two groups.
  const groups = withoutZone.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(":"),
  );
  const [head = "", tail] = groups.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
