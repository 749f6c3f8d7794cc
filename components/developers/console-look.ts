/** What every developer console page shares: how a time reads, and the card a section sits in. */

const utc = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  dateStyle: "medium",
  timeStyle: "medium",
  hourCycle: "h23",
});

/** A time as the console shows it: UTC to the second, as the request log and the API's own timestamps are. */
export const consoleTime = (date: Date | null): string => (date ? `${utc.format(date)} UTC` : "Never");

export const consoleSectionStyle = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
