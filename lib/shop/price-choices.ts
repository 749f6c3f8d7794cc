import type { PriceOption } from "@/lib/contract/product-pricing";
import { numberFormat } from "@/lib/i18n/format";

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
  return numberFormat(locale, { style: "currency", currency }).format(minor / 100);
}

/** 1 → "£0.01", 0.87 → "£0.0087". */
export function formatValuePerPoint(minor: number, currency: string, locale?: string): string {
  return numberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(minor / 100);
}

/**
 * The stops of the split control, from all cash to the most points: cash
 * first, then the options by points (ties: less cash first).
 */
export function priceStops(choices: PriceChoice[]): PriceChoice[] {
  return [...choices].sort((a, b) => a.points - b.points || a.cashMinor - b.cashMinor);
}

/**
 * The stop offered first (docs/decisions.md, "Shop, price options"): the
 * covered option with the most points that still leaves a card part, else
 * all cash. Spending every point is never suggested; the member moves there.
 */
export function suggestedStop(stops: PriceChoice[]): number {
  let suggested = stops.findIndex((stop) => stop.points === 0);
  stops.forEach((stop, index) => {
    if (stop.affordable && stop.points > 0 && stop.cashMinor > 0) suggested = index;
  });
  return Math.max(0, suggested);
}

/**
 * The stop the control lands on when the member asks for `wanted`: that one
 * when the balance covers it, else the nearest covered one below it (the
 * stops above the balance are the ones with more points), else above.
 */
export function allowedStop(stops: PriceChoice[], wanted: number): number {
  const target = Math.min(Math.max(0, Math.round(wanted)), stops.length - 1);
  for (let index = target; index >= 0; index--) if (stops[index]!.affordable) return index;
  for (let index = target + 1; index < stops.length; index++) if (stops[index]!.affordable) return index;
  return 0;
}

/** A point's value when every points option shares it (as the partner's options usually do), else undefined. */
export function sharedValuePerPoint(choices: PriceChoice[]): number | undefined {
  const values = new Set(
    choices.flatMap((choice) =>
      choice.valuePerPointMinor === undefined ? [] : [formatValuePerPoint(choice.valuePerPointMinor, choice.currency)],
    ),
  );
  if (values.size !== 1) return undefined;
  return choices.find((choice) => choice.valuePerPointMinor !== undefined)!.valuePerPointMinor;
}

/** The fewest points of any points option ("from N points" on the shop's cards); undefined without one. */
export function fewestPoints(options: PriceOption[]): number | undefined {
  const points = options.map((option) => option.pointsAmount.amount).filter((amount) => amount > 0);
  return points.length === 0 ? undefined : Math.min(...points);
}
