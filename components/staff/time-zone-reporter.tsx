"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { staffTimeZoneCookie } from "@/lib/portal/staff/staff-time-zone";

/**
 * Tells the server the browser's time zone (a cookie for the console's
 * paths), so dates and the charts' days are the staff member's own. When
 * the zone is new or has changed, the page is rendered again in it.
 */
export function TimeZoneReporter({ reported }: { reported: string | null }) {
  const router = useRouter();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === reported) return;
    const secure = window.location.protocol === "https:" ? "; secure" : "";
    document.cookie = `${staffTimeZoneCookie}=${encodeURIComponent(zone)}; path=/staff; max-age=31536000; samesite=lax${secure}`;
    router.refresh();
  }, [reported, router]);
  return null;
}
