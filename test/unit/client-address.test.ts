import { describe, expect, it } from "vitest";
import {
  clientAddress,
  proxyList,
  rateLimitKey,
  requestHost,
  requestProtocol,
  socketAddressHeader,
} from "@/server/http/client-address";

const none = proxyList([]);
const proxies = proxyList(["10.0.0.0/8", "2001:db8:ffff::/48", "192.0.2.1"]);

/** A request's headers as a route handler or server action reads them: the stamped socket address and the rest. */
function from(socket: string | undefined, others: Record<string, string> = {}): Headers {
  const headers = new Headers(others);
  if (socket !== undefined) headers.set(socketAddressHeader(), socket);
  return headers;
}

describe("the client's address, one rule for the service and the portal", () => {
  it("is the socket's address when the peer is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddress(from("198.51.100.7"), none)).toBe("198.51.100.7");
    expect(clientAddress(from("198.51.100.7", { "x-forwarded-for": "203.0.113.9" }), none)).toBe("198.51.100.7");
    expect(clientAddress(from("::ffff:198.51.100.7", { "x-forwarded-for": "203.0.113.9" }), proxies)).toBe(
      "198.51.100.7",
    );
    expect(clientAddress(from("2001:DB8::7", { "x-forwarded-for": "203.0.113.9" }), proxies)).toBe("2001:db8::7");
  });

  it("is unknown without a stamped socket address: a header the client sends under another name proves nothing", () => {
    expect(clientAddress(from(undefined, { "x-forwarded-for": "203.0.113.9" }), none)).toBeUndefined();
    expect(clientAddress(from(undefined, { "x-socket-address": "203.0.113.9" }), none)).toBeUndefined();
    expect(socketAddressHeader()).toMatch(/^x-socket-address-[0-9a-f]{32}$/);
  });

  it("reads X-Forwarded-For from its end, past every trusted proxy, when the peer is one", () => {
    expect(clientAddress(from("10.0.0.2", { "x-forwarded-for": "203.0.113.9" }), proxies)).toBe("203.0.113.9");
    // The client wrote 1.1.1.1 itself; the proxy appended the address it saw.
    expect(clientAddress(from("10.0.0.2", { "x-forwarded-for": "1.1.1.1, 203.0.113.9" }), proxies)).toBe("203.0.113.9");
    // Two proxies: the edge (192.0.2.1) appended the client, the inner one (10.0.0.2) the edge.
    expect(clientAddress(from("10.0.0.2", { "x-forwarded-for": "1.1.1.1, 203.0.113.9, 192.0.2.1" }), proxies)).toBe(
      "203.0.113.9",
    );
    expect(clientAddress(from("2001:db8:ffff:1::1", { "x-forwarded-for": "2001:db8:1::5" }), proxies)).toBe(
      "2001:db8:1::5",
    );
    // A proxy that wrote no header, or garbage: the proxy is the last address known.
    expect(clientAddress(from("10.0.0.2"), proxies)).toBe("10.0.0.2");
    expect(clientAddress(from("10.0.0.2", { "x-forwarded-for": "not-an-address" }), proxies)).toBe("10.0.0.2");
  });

  it("believes X-Forwarded-Host and X-Forwarded-Proto only from a trusted proxy", () => {
    const forged = { host: "portal.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    expect(requestHost(from("198.51.100.7", forged), proxies)).toBe("portal.example");
    expect(requestProtocol(from("198.51.100.7", forged), proxies)).toBe("http");
    expect(requestHost(from("10.0.0.2", forged), proxies)).toBe("evil.example");
    expect(requestProtocol(from("10.0.0.2", forged), proxies)).toBe("https");
    expect(requestHost(from(undefined, forged), proxies)).toBe("portal.example");
  });

  it("counts IPv4 by address and IPv6 by its /64 network", () => {
    expect(rateLimitKey("198.51.100.7")).toBe("198.51.100.7");
    expect(rateLimitKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(rateLimitKey("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(rateLimitKey("2001:0DB8:00aa:00bb::9")).toBe("2001:db8:aa:bb::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitKey(undefined)).toBe("unknown");
    expect(rateLimitKey("not-an-address")).toBe("unknown");
  });
});
