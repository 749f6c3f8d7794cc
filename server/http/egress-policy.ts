import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/**
 * Where the app may open a connection to an address someone else typed (a
 * partner's webhook endpoint): public unicast addresses only. The ranges
 * come from `ipaddr.js` (its `range()` must be "unicast"), never from a list
 * kept here; an IPv6 address must also be global unicast (2000::/3). IPv6
 * forms that carry an IPv4 address to the IPv4 Internet (IPv4-mapped and
 * -translated, IPv4-compatible, NAT64, 6to4, Teredo) are judged by the IPv4
 * address they carry, since that is where the packets end up.
 *
 * The same functions judge an endpoint when it is saved and the address a
 * socket actually connects to, so no spelling can pass one and not the other.
 */
export function isPublicAddress(address: string): boolean {
  const literal = unbracketed(address);
  if (!ipaddr.isValid(literal)) return false;
  let parsed: IPv4 | IPv6;
  try {
    parsed = ipaddr.parse(literal);
  } catch {
    return false;
  }
  return parsed.kind() === "ipv4" ? isPublicIPv4(parsed as IPv4) : isPublicIPv6(parsed as IPv6);
}

function isPublicIPv4(address: IPv4): boolean {
  return address.range() === "unicast";
}

const globalUnicast = ipaddr.parseCIDR("2000::/3");
const localUseNat64 = ipaddr.parseCIDR("64:ff9b:1::/48");
const wellKnownNat64 = ipaddr.parseCIDR("64:ff9b::/96");
const sixToFour = ipaddr.parseCIDR("2002::/16");
const teredo = ipaddr.parseCIDR("2001::/32");

function isPublicIPv6(address: IPv6): boolean {
  const carried = carriedIPv4(address);
  if (carried) return carried.length > 0 && carried.every(isPublicIPv4);
  return address.range() === "unicast" && address.match(globalUnicast);
}

function ipv4Of(high: number, low: number): IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 addresses an IPv6 address leads to, when it is one of the
 * transition forms; an empty list for a form whose IPv4 address cannot be
 * told (a local NAT64 prefix, whose length its operator chose), undefined
 * for a plain IPv6 address.
 */
function carriedIPv4(address: IPv6): IPv4[] | undefined {
  const p = address.parts as [number, number, number, number, number, number, number, number];
  const zeroTo = (end: number) => p.slice(0, end).every((part) => part === 0);
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated), ::a.b.c.d (compatible, deprecated; :: and ::1 too).
  if (zeroTo(5) && p[5] === 0xffff) return [ipv4Of(p[6], p[7])];
  if (zeroTo(4) && p[4] === 0xffff && p[5] === 0) return [ipv4Of(p[6], p[7])];
  if (zeroTo(6)) return [ipv4Of(p[6], p[7])];
  if (address.match(wellKnownNat64)) return [ipv4Of(p[6], p[7])];
  if (address.match(localUseNat64)) return [];
  if (address.match(sixToFour)) return [ipv4Of(p[1], p[2])];
  // Teredo: the server's address, then the client's, stored inverted.
  if (address.match(teredo)) return [ipv4Of(p[2], p[3]), ipv4Of(~p[6] & 0xffff, ~p[7] & 0xffff)];
  return undefined;
}

/** Names that only ever mean this machine or its own network, whatever a resolver answers for them. */
const localSuffixes = ["localhost", "local", "internal", "localdomain", "lan", "arpa"];

export type HostVerdict =
  /** A public address: connect. */
  | "public"
  /** A private, loopback, reserved or local address or name: refuse. */
  | "refused"
  /** A name to look up; each address it resolves to is judged with isPublicAddress. */
  | "look-up";

/**
 * A URL's host before any lookup (URL.hostname, brackets allowed). WHATWG
 * URL parsing already writes decimal, octal, hexadecimal and short IPv4
 * forms as dotted quads and compresses IPv6; the library's own parser is
 * still applied to any host it reads as IPv4, so a host that did not come
 * through URL cannot slip through either. Case and trailing dots are
 * ignored. Single-label names (`localhost`, `vm`, `metadata`) are refused:
 * a resolver maps them through hosts files and search domains, never to a
 * public receiver.
 */
export function judgeHost(hostname: string): HostVerdict {
  const host = unbracketed(hostname).toLowerCase().replace(/\.+$/, "");
  if (host === "") return "refused";
  if (isIP(host) !== 0 || ipaddr.IPv4.isValid(host)) return isPublicAddress(host) ? "public" : "refused";
  if (!host.includes(".")) return "refused";
  if (localSuffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return "refused";
  return "look-up";
}

function unbracketed(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}
