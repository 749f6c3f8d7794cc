import "server-only";
import { sql, type SQL } from "drizzle-orm";

/**
 * The charts' window as SQL: from the first day's local midnight to the end
 * of the last day, in the staff member's zone. The days come from
 * lib/portal/staff/staff-dates.ts (`lastDays`), so the query's days and the
 * page's are the same strings.
 */
export interface GlanceWindow {
  days: readonly string[];
  timeZone: string;
}

export function windowBounds(window: GlanceWindow): { from: SQL; until: SQL } {
  const first = window.days[0];
  const last = window.days.at(-1);
  if (!first || !last) throw new Error("A chart's window needs at least one day");
  return {
    from: sql`(${first}::date::timestamp at time zone ${window.timeZone})`,
    until: sql`((${last}::date + 1)::timestamp at time zone ${window.timeZone})`,
  };
}

/** `column`'s calendar day in the zone, as `YYYY-MM-DD`. */
export function localDay(column: SQL, window: GlanceWindow): SQL {
  return sql`to_char(${column} at time zone ${window.timeZone}, 'YYYY-MM-DD')`;
}
