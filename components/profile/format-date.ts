const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

import { formatLongDate } from "@/lib/i18n/format";

/**
 * `1980-05-17` as "17 May 1980"; another language's way through Intl (its UTC day). Written out rather than through Intl, so
 * the server's render and the browser's hydration cannot disagree.
 */
export function formatDate(isoDate: string, locale = "en"): string {
  if (locale !== "en") return formatLongDate(isoDate, locale);
  const [year, month, day] = isoDate.split("-").map(Number);
  const name = months[(month ?? 0) - 1];
  return name && day && year ? `${day} ${name} ${year}` : isoDate;
}
