import { z } from "zod";
import {
  cardBrandOf,
  cardDigits,
  cardMessages,
  cardNumberSchema,
  expectedLength,
  expiryProblem,
  nameOnCardSchema,
  securityCodeSchema,
} from "@/lib/payments-contract/card-rules";
import type { TokeniseRequest } from "@/lib/payments-contract/contract";

/** The card form's fields as typed. */
export interface CardFormValues {
  cardNumber: string;
  expiry: string;
  securityCode: string;
  nameOnCard: string;
}
export type CardField = keyof CardFormValues;
export const cardFields: readonly CardField[] = ["cardNumber", "expiry", "securityCode", "nameOnCard"];

export const emptyCardValues: CardFormValues = { cardNumber: "", expiry: "", securityCode: "", nameOnCard: "" };

/** `MM/YY` (spaces around the slash allowed), as printed on cards. */
export function parseExpiry(typed: string): { month: number; year: number } | undefined {
  const match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(typed.trim());
  if (!match) return undefined;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/**
 * The form's schema: the tokens route's own field rules (card-rules.ts),
 * applied to what the member types (spaces in the number, MM/YY).
 */
export function cardFormSchema(now: Date) {
  return z.object({
    cardNumber: z.string().trim().min(1, cardMessages.numberRequired).transform(cardDigits).pipe(cardNumberSchema),
    expiry: z
      .string()
      .trim()
      .min(1, cardMessages.expiryRequired)
      .superRefine((typed, context) => {
        const expiry = parseExpiry(typed);
        const problem = expiry ? expiryProblem(expiry.month, expiry.year, now) : undefined;
        const message = !expiry
          ? cardMessages.expiryFormat
          : expiry.month < 1 || expiry.month > 12
            ? cardMessages.expiryMonth
            : problem === "expired"
              ? cardMessages.expired
              : problem === "too_far"
                ? cardMessages.expiryYear
                : undefined;
        if (message) context.addIssue({ code: "custom", message });
      }),
    securityCode: z.string().trim().min(1, cardMessages.securityCodeRequired).pipe(securityCodeSchema),
    nameOnCard: z.string().trim().min(1, cardMessages.nameRequired).pipe(nameOnCardSchema),
  });
}

/** The tokens route's body for valid form values. */
export function toTokeniseRequest(values: CardFormValues): TokeniseRequest {
  const expiry = parseExpiry(values.expiry);
  return {
    number: cardDigits(values.cardNumber.trim()),
    exp_month: expiry?.month ?? 0,
    exp_year: expiry?.year ?? 0,
    cvc: values.securityCode.trim(),
    name: values.nameOnCard.trim(),
  };
}

/** The number as printed on cards, in groups of four, as the member types it (19 digits at most). */
export function formatCardNumber(typed: string): string {
  return cardDigits(typed)
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * MM/YY as the member types it: the slash comes by itself after the month
 * ("1230" → "12/30", "12" → "12/"), and a backspace over it is not undone
 * (`previous` longer than `typed` means the member is deleting).
 */
export function formatExpiry(typed: string, previous = ""): string {
  const digits = typed.replace(/\D/g, "").slice(0, 4);
  const deleting = typed.length < previous.length;
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && !deleting) return `${digits}/`;
  return digits;
}

/** Which form field an API error's `param` blames. */
export function cardFieldForParam(param: string | undefined): CardField | undefined {
  switch (param) {
    case "number":
      return "cardNumber";
    case "exp_month":
    case "exp_year":
      return "expiry";
    case "cvc":
      return "securityCode";
    case "name":
      return "nameOnCard";
    default:
      return undefined;
  }
}

/**
 * Whether a field holds all it will hold, so its error can be shown while
 * the member is still in it: a number of its brand's full length, an
 * expiry of the form MM/YY. Other fields wait until the member leaves them.
 */
export function looksComplete(field: CardField, value: string): boolean {
  if (field === "cardNumber") {
    const digits = cardDigits(value.trim());
    return digits.length >= expectedLength(cardBrandOf(digits));
  }
  if (field === "expiry") return parseExpiry(value) !== undefined;
  return false;
}
