import { formattingLocale } from "@/lib/i18n/locales";

// Every formatter takes the page's locale ("en", "es"…); without one it formats as the portal's English always did.
// Formatters are made once per locale and options: Intl's constructors cost tens of microseconds, which a page
// formatting a price per card or a time per row would otherwise pay on every render. Bounded: the options come from
// a handful of call sites, a currency or a browser's time zone from a small set; past the bound it starts again.
const maximumFormatters = 500;
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    if (formatters.size >= maximumFormatters) formatters.clear();
    formatters.set(key, (formatter = make()));
  }
  return formatter as T;
}

/** An `Intl.NumberFormat` for the page's locale and these options, made once. */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = formattingLocale(locale);
  return cached(`number:${tag}:${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag, options));
}

/** An `Intl.DateTimeFormat` for the page's locale and these options, made once. */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = formattingLocale(locale);
  return cached(`date-time:${tag}:${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(tag, options));
}

// Grouping always, so Spanish and Catalan group 4-digit amounts too (their default leaves "2500").
const pointsFormat = (locale?: string) => numberFormat(locale, { maximumFractionDigits: 0, useGrouping: "always" });

const dateFormat = (style: "long" | "short", locale?: string) =>
  dateTimeFormat(locale, { day: "numeric", month: style, year: "numeric", timeZone: "UTC" });

/** 250000 → "250,000" (en), "250.000" (es), "250 000" (fr). */
export function formatPoints(amount: number, locale?: string): string {
  return pointsFormat(locale).format(amount);
}

/** The service's days are UTC days; a date (`2026-03-10`) or an instant is shown as that UTC day. */
function parseDay(value: string): Date | undefined {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "10 March 2026", "10 de marzo de 2026". */
export function formatLongDate(value: string, locale?: string): string {
  const date = parseDay(value);
  return date ? dateFormat("long", locale).format(date) : value;
}

/** "10 Mar 2026", "10 mar 2026". */
export function formatShortDate(value: string, locale?: string): string {
  const date = parseDay(value);
  return date ? dateFormat("short", locale).format(date) : value;
}

/** `YYYY-MM-DD` of the UTC day, for <time dateTime> and date inputs. */
export function isoDay(value: string): string {
  return parseDay(value)?.toISOString().slice(0, 10) ?? value;
}

/** "ACTIVE" → "Active", "HOUSEHOLD" → "Household". */
export function formatCode(value: string): string {
  const lower = value.replace(/_/g, " ").toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

const secondsFormat = (locale?: string) =>
  dateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone: "UTC",
  });

/** "22 Nov 2026, 14:03:21 UTC": the same on the server and in the browser, whatever their zones. */
export function formatDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${secondsFormat(locale).format(date)} UTC`;
}

const numericDateFormat = (locale?: string) =>
  dateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });

/** "31/01/2026": a day as the member types it in the page's language (an example beside a date that did not read). */
export function formatNumericDate(value: string, locale?: string): string {
  const date = parseDay(value);
  return date ? numericDateFormat(locale).format(date) : value;
}
