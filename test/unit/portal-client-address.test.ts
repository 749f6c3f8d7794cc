import { describe, expect, it } from "vitest";
import { clientAddress, rateLimitKey } from "@/server/portal/client-address";

describe("the client's address, as the portal counts it", () => {
  it("takes the entry the nearest trusted proxy appended, never one the client wrote before it", () => {
    expect(clientAddress("198.51.100.7", 0)).toBe("198.51.100.7");
    expect(clientAddress("203.0.113.9, 198.51.100.7", 0)).toBe("198.51.100.7");
    expect(clientAddress("203.0.113.9, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(clientAddress("203.0.113.9, 198.51.100.7, 10.0.0.2", 2)).toBe("198.51.100.7");
    expect(clientAddress("198.51.100.7", 3)).toBe("198.51.100.7");
    expect(clientAddress(" 2001:db8::1 ", 0)).toBe("2001:db8::1");
  });

  it("has no address when the entry is not one", () => {
    for (const header of [null, undefined, "", "unknown", "198.51.100.7:443", "300.1.1.1", "a, b"]) {
      expect(clientAddress(header, 0)).toBeUndefined();
    }
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
  });
});
