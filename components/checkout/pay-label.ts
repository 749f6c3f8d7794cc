import type { useTranslations } from "next-intl";
import { formatPoints, numberFormat } from "@/lib/i18n/format";

/** The checkout's words in the page's language (messages' `checkout` namespace). */
export type CheckoutTranslator = ReturnType<typeof useTranslations<"checkout">>;

/** An amount in minor units as the member reads it: 9000 GBP → "£90.00" (JPY has no minor unit: 900 → "¥900"). */
export function formatMinorAmount(amountMinor: number, currency: string, locale?: string): string {
  const format = numberFormat(locale, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** The legs as a message's values: the figures written the page's way, and which legs there are. */
export function legValues(cashMinor: number, currency: string, points: number, locale: string) {
  return {
    cash: formatMinorAmount(cashMinor, currency, locale),
    points,
    figure: formatPoints(points, locale),
    legs: points <= 0 ? "cash" : cashMinor <= 0 ? "points" : "both",
  };
}

/**
 * "Pay £90.00 and 9,000 points", "Pay £180.00" when no points are redeemed,
 * "Pay 18,000 points" without cash; `pending` for the button's words while it pays.
 */
export function payLabel(
  cashMinor: number,
  currency: string,
  points: number,
  words: { t: CheckoutTranslator; locale: string; pending?: boolean },
): string {
  const values = legValues(cashMinor, currency, points, words.locale);
  return words.pending ? words.t("paying", values) : words.t("pay", values);
}
