import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatIdempotencyKey, parseIdempotencyKey } from "@/lib/contract/idempotency-key";

describe("the Idempotency-Key header", () => {
  it.each([
    ["a bare UUID", "8e03978e-40d5-43e8-bc93-6894a57f9324", "8e03978e-40d5-43e8-bc93-6894a57f9324"],
    ["the draft's quoted form", '"8e03978e-40d5-43e8-bc93-6894a57f9324"', "8e03978e-40d5-43e8-bc93-6894a57f9324"],
    ["a quoted key with spaces and escapes", '"order 42 \\"a\\" \\\\b"', 'order 42 "a" \\b'],
    ["255 characters", "k".repeat(255), "k".repeat(255)],
  ])("reads %s", (_label, header, key) => {
    expect(parseIdempotencyKey(header)).toBe(key);
  });

  it.each([
    ["an empty quoted string", '""'],
    ["256 characters", "k".repeat(256)],
    ["a bare value with a space", "order 42"],
    ["two keys (a repeated header)", "a, b"],
    ["a non-ASCII character", "clé"],
    ["a control character", "a\tb"],
    ["an unterminated quote", '"abc'],
    ["a lone backslash in quotes", '"a\\b"'],
  ])("refuses %s", (_label, header) => {
    expect(parseIdempotencyKey(header)).toBeUndefined();
  });

  it("reads back every key it formats", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
          minLength: 1,
          maxLength: 255,
        }),
        (key) => {
          expect(parseIdempotencyKey(formatIdempotencyKey(key))).toBe(key);
        },
      ),
    );
  });

  it("refuses to format a key no server would accept", () => {
    expect(() => formatIdempotencyKey("")).toThrow(RangeError);
    expect(() => formatIdempotencyKey("ü")).toThrow(RangeError);
  });
});
