import "server-only";
import { BlockList, isIP } from "node:net";
import { env } from "@/server/config/env";

/**
 * Who sent a request, for the service and the portal alike (rate limits,
 * audit rows, Origin checks). `next start` gives route handlers and server
 * actions no socket, and it writes X-Forwarded-For from the socket only when
 * the request carries none, so a client could choose its own address. The
 * socket's address is therefore stamped on every request, as it arrives, in
 * a header whose name is random per process (recordSocketAddresses in
 * socket-address-hook.ts): a client cannot send it, because it cannot know
 * it. X-Forwarded-For, -Host and -Proto count only when that socket address
 * is a proxy listed in TRUSTED_PROXIES (docs/decisions.md, "Client address").
 */

interface HeaderSource {
  get(name: string): string | null;
}

const headerNameKey = Symbol.for("loyalty-platform.socket-address-header");

/** The per-process name of the header that carries the socket's address. */
export function socketAddressHeader(): string {
  const holder = globalThis as { [headerNameKey]?: string };
  holder[headerNameKey] ??= `x-socket-address-${crypto.randomUUID().replaceAll("-", "")}`;
  return holder[headerNameKey];
}

/** An IP address in one spelling: IPv4-mapped IPv6 as IPv4, IPv6 in lower case; undefined when not an address. */
export function normaliseAddress(value: string | null | undefined): string | undefined {
  const text = value?.trim() ?? "";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  const version = isIP(text);
  if (version === 4) return text;
  if (version === 6) return text.toLowerCase();
  return undefined;
}

/** TRUSTED_PROXIES as a block list: addresses and CIDR ranges, IPv4 and IPv6. */
export function proxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

let configured: { entries: readonly string[]; list: BlockList } | undefined;

function configuredProxies(): BlockList {
  const entries = env().TRUSTED_PROXIES;
  if (configured?.entries !== entries) configured = { entries, list: proxyList(entries) };
  return configured.list;
}

/** Whether an address is one of the trusted proxies. */
export function isTrustedProxy(address: string | undefined, proxies: BlockList = configuredProxies()): boolean {
  if (address === undefined) return false;
  return proxies.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** The address of the socket the request came in on; undefined outside a server that stamps it (or for a request stamped before the stamp existed). */
export function socketAddress(headers: HeaderSource): string | undefined {
  return normaliseAddress(headers.get(socketAddressHeader()));
}

/**
 * The client: the socket's address, unless that is a trusted proxy; then
 * X-Forwarded-For is read from its end (each proxy appends the address it
 * saw) past every trusted proxy, and the first address that is not one is
 * the client. Entries further left were written by the client and prove
 * nothing. Undefined when the socket's address is not known.
 */
export function clientAddress(headers: HeaderSource, proxies: BlockList = configuredProxies()): string | undefined {
  let client = socketAddress(headers);
  if (!isTrustedProxy(client, proxies)) return client;
  const chain = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  for (let index = chain.length - 1; index >= 0; index--) {
    const entry = normaliseAddress(chain[index]);
    // A trusted proxy wrote something that is not an address: the proxy itself is the last address known.
    if (entry === undefined) return client;
    client = entry;
    if (!isTrustedProxy(entry, proxies)) return entry;
  }
  return client;
}

/** The host the client asked for: X-Forwarded-Host from a trusted proxy, else Host. */
export function requestHost(headers: HeaderSource, proxies: BlockList = configuredProxies()): string | undefined {
  const forwarded = isTrustedProxy(socketAddress(headers), proxies)
    ? headers.get("x-forwarded-host")?.split(",")[0]?.trim()
    : undefined;
  return forwarded || headers.get("host")?.trim() || undefined;
}

/** The scheme the client used: X-Forwarded-Proto from a trusted proxy, else http (`next start` serves no TLS itself). */
export function requestProtocol(headers: HeaderSource, proxies: BlockList = configuredProxies()): "http" | "https" {
  if (!isTrustedProxy(socketAddress(headers), proxies)) return "http";
  return headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https" ? "https" : "http";
}

/**
 * What a rate limit counts by: an IPv4 address, or an IPv6 address's /64
 * network, since one subscriber is usually given a whole /64. Requests
 * without a usable address share one counter.
 */
export function rateLimitKey(address: string | undefined): string {
  const normalised = normaliseAddress(address);
  if (normalised === undefined) return "unknown";
  if (isIP(normalised) === 4) return normalised;
  return `${expandIpv6(normalised).slice(0, 4).join(":")}::/64`;
}

/**
 * The /48 network of an IPv6 address (`2001:db8:1::/48`), what a site is
 * usually given, for limits wider than one subscriber's /64; undefined for
 * IPv4 and for what is not an address.
 */
export function siteNetworkKey(address: string | undefined): string | undefined {
  const normalised = normaliseAddress(address);
  if (normalised === undefined || isIP(normalised) !== 6) return undefined;
  return `${expandIpv6(normalised).slice(0, 3).join(":")}::/48`;
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
