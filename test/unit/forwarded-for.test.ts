import { describe, expect, it } from "vitest";
import { customerAddress, isValidForwardedFor } from "@/server/loyalty/http/forwarded-for";

describe("isValidForwardedFor", () => {
  it.each(["198.51.100.4", "198.51.100.4,10.0.0.1", "198.51.100.4, 10.0.0.1", "::1", "2001:db8::7, 198.51.100.4"])(
    "accepts %j",
    (value) => {
      expect(isValidForwardedFor(value)).toBe(true);
    },
  );

  it.each([
    "",
    "198.51.100.4 10.0.0.1",
    "198.51.100.4,  10.0.0.1",
    "198.51.100.4,",
    ",198.51.100.4",
    "256.1.1.1",
    "host.example",
    "198.51.100.4:443",
    "[::1]",
  ])("refuses %j", (value) => {
    expect(isValidForwardedFor(value)).toBe(false);
  });

  it("validates only the first address when asked", () => {
    expect(isValidForwardedFor("198.51.100.4, garbage", { firstOnly: true })).toBe(true);
    expect(isValidForwardedFor("garbage, 198.51.100.4", { firstOnly: true })).toBe(false);
  });

  it("takes the first address as the customer's", () => {
    expect(customerAddress("198.51.100.4, 10.0.0.1")).toBe("198.51.100.4");
    expect(customerAddress(null)).toBeUndefined();
  });
});
