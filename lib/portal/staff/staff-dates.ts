import { dateTimeFormat } from "@/lib/i18n/format";

/**
 * Dates as staff read them, in English (British conventions): always with
 * the year, in the staff member's time zone, which is named ("14:05 GMT",
 * "09:05 GMT-5"), so an instant read over the phone cannot be taken for
 * another zone's.
 */
const staffFormat = (options: Intl.DateTimeFormatOptions) => dateTimeFormat("en", options);

function parse(value: string | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "3 November 2026 at 14:05 GMT". */
export function formatStaffDateTime(value: string | Date, timeZone: string): string {
  const date = parse(value);
  if (!date) return String(value);
  return staffFormat({
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}

/** "3 Nov 2026, 14:05:09 GMT": a timeline's steps, seconds apart. */
export function formatStaffTimestamp(value: string | Date, timeZone: string): string {
  const date = parse(value);
  if (!date) return String(value);
  return staffFormat({
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  const parts = staffFormat({ year: "numeric", month: "2-digit", day: "2-digit", timeZone }).formatToParts(instant);
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** A calendar day (`YYYY-MM-DD`) as words: "3 Nov 2026", or without the year for a chart's axis ("3 Nov"). */
export function formatDay(day: string, withYear = true): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return staffFormat({
    day: "numeric",
    month: "short",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(date);
}

/** The `count` calendar days ending with the one `now` falls on in the zone, oldest first. */
export function lastDays(now: Date, timeZone: string, count: number): string[] {
  const today = new Date(`${dayInZone(now, timeZone)}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(today);
    day.setUTCDate(today.getUTCDate() - (count - 1 - index));
    return day.toISOString().slice(0, 10);
  });
}
