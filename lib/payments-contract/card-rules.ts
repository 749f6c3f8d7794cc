import { z } from "zod";

/**
 * The rules a card must pass before it is tokenised, in one place for the
 * tokens route and the card form. Browser-safe: nothing here is secret.
 */

export const cardBrands = ["visa", "mastercard", "amex", "discover", "unknown"] as const;
export type CardBrand = (typeof cardBrands)[number];

/** What each field says when it is wrong: the form and the API use the same words, and none repeats the input. */
export const cardMessages = {
  numberRequired: "Enter the card number.",
  numberInvalid: "Enter a valid card number.",
  expiryRequired: "Enter the expiry date.",
  expiryFormat: "Enter the expiry date as MM/YY.",
  expiryMonth: "Enter an expiry month from 01 to 12.",
  expiryYear: "Enter an expiry year of four digits, at most 20 years ahead.",
  expired: "This card has expired.",
  securityCodeRequired: "Enter the security code.",
  securityCode: "Enter the 3 or 4 digit security code.",
  nameRequired: "Enter the name on the card.",
  name: "Enter the name as it is written on the card, in letters.",
} as const;

/** The digits of a number typed with spaces or dashes between groups. */
export function cardDigits(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand told by the number's first digits (ISO/IEC 7812 ranges of the common networks). */
export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^5[1-5]/.test(digits)) return "mastercard";
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return "mastercard";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  return "unknown";
}

/** How many digits a complete number of this brand has (most cards: 16). */
export function expectedLength(brand: CardBrand): number {
  return brand === "amex" ? 15 : 16;
}

/** Cards are good until the end of their expiry month; more than 20 years ahead is a typing mistake. */
export function expiryProblem(month: number, year: number, now: Date): "expired" | "too_far" | undefined {
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expiry = year * 12 + (month - 1);
  if (expiry < thisMonth) return "expired";
  if (year > now.getUTCFullYear() + 20) return "too_far";
  return undefined;
}

export const cardNumberSchema = z
  .string({ error: cardMessages.numberRequired })
  .regex(/^\d{12,19}$/, cardMessages.numberInvalid)
  .refine(passesLuhn, cardMessages.numberInvalid);

export const expiryMonthSchema = z
  .number({ error: cardMessages.expiryMonth })
  .int(cardMessages.expiryMonth)
  .min(1, cardMessages.expiryMonth)
  .max(12, cardMessages.expiryMonth);

export const expiryYearSchema = z
  .number({ error: cardMessages.expiryYear })
  .int(cardMessages.expiryYear)
  .min(2000, cardMessages.expiryYear)
  .max(2099, cardMessages.expiryYear);

export const securityCodeSchema = z
  .string({ error: cardMessages.securityCodeRequired })
  .regex(/^\d{3,4}$/, cardMessages.securityCode);

export const nameOnCardSchema = z
  .string({ error: cardMessages.nameRequired })
  .min(1, cardMessages.nameRequired)
  .max(100, cardMessages.name)
  .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, cardMessages.name);
