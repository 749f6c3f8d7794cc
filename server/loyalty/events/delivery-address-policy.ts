import { isIP } from "node:net";
import { env } from "@/server/config/env";

/**
 * Where the sandbox posts events (SSRF): partners type these URLs, so a
 * URL must not reach this machine's or its network's private services.
 * Allowed: the app's own built-in receiver (APP_ORIGIN/developers/receiver/…),
 * and any http(s) address whose every resolved IP is public. Loopback,
 * private, link-local (cloud metadata), CGNAT, multicast and reserved
 * ranges are refused unless WEBHOOK_PRIVATE_TARGETS=on (tests, a receiver on
 * the developer's own machine). The check runs on the address the socket
 * connects to (a lookup hook), so DNS rebinding cannot slip past it.
 */
export function isBuiltInReceiver(url: string): boolean {
  const origin = env().APP_ORIGIN.replace(/\/$/, "");
  return url.startsWith(`${origin}/developers/receiver/`);
}

export function privateTargetsAllowed(): boolean {
  return env().WEBHOOK_PRIVATE_TARGETS === "on";
}

const blockedV4: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 CGNAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local, cloud metadata
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24 protocol assignments
  [0xc0000200, 24], // TEST-NET-1
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // benchmarking
  [0xc6336400, 24], // TEST-NET-2
  [0xcb007100, 24], // TEST-NET-3
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved, broadcast
];

function v4Number(address: string): number {
  return address.split(".").reduce((total, part) => total * 256 + Number(part), 0);
}

/** Is this IP literal one the sandbox must not post to? */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) {
    const value = v4Number(address);
    return blockedV4.some(
      ([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)),
    );
  }
  if (version === 6) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped?.[1]) return isPrivateAddress(mapped[1]);
    return (
      lower === "::" ||
      lower === "::1" ||
      /^f[cd]/.test(lower) || // unique local
      /^fe[89ab]/.test(lower) || // link-local
      /^ff/.test(lower) || // multicast
      lower.startsWith("64:ff9b:") || // NAT64 reaches IPv4 space
      lower.startsWith("2001:db8:") // documentation
    );
  }
  return true;
}

/** A reason in the developer's words when the URL may not receive events, checked when an endpoint is saved. */
export function refusedTarget(url: string): string | undefined {
  if (isBuiltInReceiver(url) || privateTargetsAllowed()) return undefined;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local"))
    return "The sandbox posts only to public addresses: use a tunnel to your machine, or the built-in receiver.";
  if (isIP(host) && isPrivateAddress(host))
    return "The sandbox posts only to public addresses: use a tunnel to your machine, or the built-in receiver.";
  return undefined;
}
