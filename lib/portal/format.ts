const points = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const shortDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** 250000 → "250,000". */
export function formatPoints(amount: number): string {
  return points.format(amount);
}

/** The service's days are UTC days; a date (`2026-03-10`) or an instant is shown as that UTC day. */
function parseDay(value: string): Date | undefined {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "10 March 2026". */
export function formatLongDate(value: string): string {
  const date = parseDay(value);
  return date ? longDate.format(date) : value;
}

/** "10 Mar 2026". */
export function formatShortDate(value: string): string {
  const date = parseDay(value);
  return date ? shortDate.format(date) : value;
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

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
});

/** "22 Nov 2026, 14:03:21 UTC": the same on the server and in the browser, whatever their zones. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${dateTime.format(date)} UTC`;
}
