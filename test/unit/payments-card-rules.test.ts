import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardBrandOf, cardDigits, expiryProblem, passesLuhn } from "@/lib/payments-contract/card-rules";
import sandbox from "@/sandbox.json";

/** The digit that makes `body` + digit pass the Luhn check. */
function checkDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) if (passesLuhn(`${body}${digit}`)) return String(digit);
  throw new Error("no check digit");
}

describe("the card rules shared by the card form and the tokens route", () => {
  it("accept every sandbox test card by Luhn and tell their brand", () => {
    for (const card of sandbox.paymentTestCards) {
      expect(passesLuhn(card.number)).toBe(true);
      expect(cardBrandOf(card.number)).toBe("visa");
    }
  });

  it("find exactly one check digit for any number, and refuse any single changed digit", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{11,18}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, shift) => {
        const number = `${body}${checkDigit(body)}`;
        expect(passesLuhn(number)).toBe(true);
        const position = at % number.length;
        const changed = (Number(number[position]) + shift) % 10;
        const mutated = `${number.slice(0, position)}${changed}${number.slice(position + 1)}`;
        expect(passesLuhn(mutated)).toBe(false);
      }),
    );
  });

  it("refuse what is not digits", () => {
    expect(passesLuhn("")).toBe(false);
    expect(passesLuhn("4242 4242 4242 4242")).toBe(false);
    expect(cardDigits("4242 4242-4242 4242")).toBe("4242424242424242");
  });

  it.each([
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", "discover"],
    ["3056930009020004", "unknown"],
  ])("tell %s is %s", (number, brand) => {
    expect(cardBrandOf(number)).toBe(brand);
  });

  it("treat a card as good until the end of its expiry month, and refuse more than 20 years ahead", () => {
    const now = new Date("2026-06-30T23:59:59Z");
    expect(expiryProblem(6, 2026, now)).toBeUndefined();
    expect(expiryProblem(5, 2026, now)).toBe("expired");
    expect(expiryProblem(12, 2025, now)).toBe("expired");
    expect(expiryProblem(1, 2046, now)).toBeUndefined();
    expect(expiryProblem(1, 2047, now)).toBe("too_far");
  });
});
