import type { OrderTimelineEntry } from "@/lib/checkout/checkout-contract";
import type { TimelineMessage } from "@/lib/checkout/timeline-message";
import { formatPoints } from "@/lib/i18n/format";
import { formatMoney } from "@/lib/shop/price-choices";
import { cardWords, memberSentence, type OrdersTranslator } from "./order-words";

/** "26,775 points", "€105.00", the card as "Visa ending 4242": the parts a message is put together from. */
function messageParts(message: TimelineMessage, t: OrdersTranslator, locale: string) {
  const points = message.points ?? 0;
  const cashMinor = message.cashMinor ?? 0;
  const pointsWords = t("list.points", { count: points, figure: formatPoints(points, locale) });
  const cash = message.currency ? formatMoney(cashMinor, message.currency, locale) : "";
  return {
    points: pointsWords,
    cash,
    card: message.card ? cardWords(message.card, t) : t("timeline.theCard"),
    amount: [points > 0 ? pointsWords : "", cashMinor > 0 ? cash : ""].filter(Boolean).join(" + "),
  };
}

/** A stored message in the page's language. */
export function messageSentence(message: TimelineMessage, t: OrdersTranslator, locale: string): string {
  return t(`timeline.messages.${message.code}`, messageParts(message, t, locale));
}

/**
 * What an entry says to its member, or undefined when the label says it all.
 * A step staff took reads as customer care's; an entry with a message is
 * worded in the page's language; an older entry (English only) shows its
 * English sentence on English pages and nothing beside the label elsewhere.
 */
export function entrySentence(entry: OrderTimelineEntry, t: OrdersTranslator, locale: string): string | undefined {
  if (entry.customerCare)
    return entry.customerCare.action === "refund"
      ? t("timeline.refundedByCare", { programme: entry.customerCare.programme })
      : t("timeline.settledByCare", { programme: entry.customerCare.programme });
  if (entry.message) return messageSentence(entry.message, t, locale);
  return locale === "en" ? memberSentence(entry.description) : undefined;
}

/**
 * What "Technical details" adds for an entry: the call behind it, the
 * reference a stored message carries, and an older entry's English sentence
 * where the page could not word it (or took identifiers out of it).
 */
export function technicalNote(entry: OrderTimelineEntry, locale: string): string | undefined {
  if (entry.message || entry.customerCare) return undefined;
  if (locale !== "en" || memberSentence(entry.description) !== entry.description) return entry.description;
  return undefined;
}
