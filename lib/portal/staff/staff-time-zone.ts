/**
 * The staff member's time zone: the browser reports it in a cookie
 * (`Intl.DateTimeFormat().resolvedOptions().timeZone`), so the console's
 * dates and the charts' days are the reader's own without a setting to keep.
 * A missing or unknown zone falls back to UTC, and the page says so.
 */
export const staffTimeZoneCookie = "staff_tz";
export const defaultStaffTimeZone = "UTC";

/** An IANA zone name this runtime knows ("Europe/London", "UTC"); anything else is refused. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone a cookie's value names, or UTC. */
export function staffTimeZoneOf(cookieValue: string | undefined): string {
  return isTimeZone(cookieValue) ? cookieValue : defaultStaffTimeZone;
}
