import type { PriceOption } from "@/lib/contract/product-pricing";
import { formattingLocale } from "@/lib/i18n/locales";

/** One way to pay, as the member chooses it. */
export interface PriceChoice {
  /** The option's index in the quote, or "cash" for paying everything by card. */
  id: string;
  points: number;
  cashMinor: number;
  currency: string;
  /** Cash saved per point, in minor units (fractional); undefined for cash only. */
  valuePerPointMinor: number | undefined;
  /** Undefined when the balance is not known. */
  balanceAfter: number | undefined;
  affordable: boolean;
  /** Points the member lacks for this option. */
  missingPoints: number;
}

/**
 * The quote's options as choices, plus paying all in cash (no debit). An
 * option is affordable when the member's balance covers its points; when
 * the balance is unknown the service's word (it adjusts to the balance) is taken.
 */
export function priceChoices(
  options: PriceOption[],
  price: { minor: number; currency: string },
  balance: number | undefined,
): PriceChoice[] {
  const pointsChoices = options.map((option, index): PriceChoice => {
    const points = option.pointsAmount.amount;
    const cashMinor = Math.round(option.cashAmount.amount * 100);
    const missingPoints = balance === undefined ? 0 : Math.max(0, points - balance);
    return {
      id: String(index),
      points,
      cashMinor,
      currency: option.cashAmount.currency.code,
      valuePerPointMinor: (price.minor - cashMinor) / points,
      balanceAfter: balance === undefined ? undefined : balance - points,
      affordable: missingPoints === 0,
      missingPoints,
    };
  });
  const cashOnly: PriceChoice = {
    id: "cash",
    points: 0,
    cashMinor: price.minor,
    currency: price.currency,
    valuePerPointMinor: undefined,
    balanceAfter: balance,
    affordable: true,
    missingPoints: 0,
  };
  return [...pointsChoices, cashOnly];
}

/** The price's own currency, written the page's way: "£12.50" (en), "12,50 £" (es). */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(formattingLocale(locale), { style: "currency", currency }).format(minor / 100);
}

/** 1 → "£0.01", 0.87 → "£0.0087". */
export function formatValuePerPoint(minor: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(formattingLocale(locale), {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(minor / 100);
}
