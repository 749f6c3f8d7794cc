import "server-only";
import { cookies } from "next/headers";
import { isTimeZone, staffTimeZoneCookie, staffTimeZoneOf } from "@/lib/portal/staff/staff-time-zone";

/** The staff member's time zone as their browser reported it (components/staff/time-zone-reporter.tsx), or UTC. */
export async function readStaffTimeZone(): Promise<{ timeZone: string; reported: boolean }> {
  const value = (await cookies()).get(staffTimeZoneCookie)?.value;
  return { timeZone: staffTimeZoneOf(value), reported: isTimeZone(value) };
}
