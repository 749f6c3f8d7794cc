import { describe, expect, it } from "vitest";
import {
  add,
  ceil,
  compare,
  divide,
  floor,
  fromNumber,
  multiply,
  rational,
  subtract,
} from "@/server/loyalty/pricing/rational";

describe("rational", () => {
  it("reads a number as the decimal it is written as, not its binary approximation", () => {
    expect(fromNumber(0.074)).toEqual(rational(37n, 500n));
    expect(fromNumber(0.1)).toEqual(rational(1n, 10n));
    expect(fromNumber(1e-7)).toEqual(rational(1n, 10_000_000n));
    expect(fromNumber(1.5e21)).toEqual(rational(1_500_000_000_000_000_000_000n));
    expect(fromNumber(-2.5)).toEqual(rational(-5n, 2n));
    expect(() => fromNumber(Number.NaN)).toThrow(RangeError);
  });

  it("is exact where floating point is not", () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(compare(add(fromNumber(0.1), fromNumber(0.2)), fromNumber(0.3))).toBe(0);
    expect(multiply(fromNumber(150), fromNumber(0.85))).toEqual(rational(255n, 2n));
    expect(subtract(fromNumber(1), fromNumber(0.99))).toEqual(rational(1n, 100n));
    expect(divide(fromNumber(1), fromNumber(0.85))).toEqual(rational(20n, 17n));
  });

  it("keeps fractions reduced with a positive denominator", () => {
    expect(rational(4n, -8n)).toEqual({ num: -1n, den: 2n });
    expect(() => rational(1n, 0n)).toThrow(RangeError);
    expect(() => divide(fromNumber(1), fromNumber(0))).toThrow(RangeError);
  });

  it("floors and ceils towards minus and plus infinity", () => {
    expect(floor(rational(7n, 2n))).toBe(3n);
    expect(floor(rational(-7n, 2n))).toBe(-4n);
    expect(floor(rational(6n, 2n))).toBe(3n);
    expect(ceil(rational(7n, 2n))).toBe(4n);
    expect(ceil(rational(-7n, 2n))).toBe(-3n);
    expect(ceil(rational(-6n, 2n))).toBe(-3n);
  });

  it("compares", () => {
    expect(compare(rational(1n, 3n), rational(1n, 2n))).toBe(-1);
    expect(compare(rational(2n, 4n), rational(1n, 2n))).toBe(0);
    expect(compare(rational(-1n, 2n), rational(-1n, 3n))).toBe(-1);
  });
});
