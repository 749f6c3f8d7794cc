"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** How often the page asks the server again while a delivery is still under way. */
export const liveRefreshIntervalMs = 2_000;

/**
 * Keeps a server-rendered page current while something on it is still changing (a delivery waiting or being
 * retried): it re-renders the page from the server every two seconds while the tab is visible, and stops once
 * nothing is pending. Forms keep what was typed (a refresh re-renders, it does not reload). Says so in words.
 */
export function LiveRefresh({ active }: { active: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, liveRefreshIntervalMs);
    return () => clearInterval(timer);
  }, [active, router]);
  return active ? (
    <p className="text-sm text-slate-600" data-live-refresh>
      Deliveries are under way: this page updates by itself.
    </p>
  ) : null;
}
