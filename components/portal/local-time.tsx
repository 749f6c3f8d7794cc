"use client";

import { useLocale } from "next-intl";
import { useSyncExternalStore } from "react";
import { dateTimeFormat } from "@/lib/i18n/format";

const noSubscription = () => () => undefined;

/** "26 Nov 2026, 14:03 UTC": what the server can say before the browser's zone is known. */
export function formatUtcMinute(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const utcFormat = dateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return `${utcFormat.format(date)} UTC`;
}

/** "26 Nov 2026, 15:03 CET": to the minute, in the browser's own time zone. */
export function formatLocalMinute(iso: string, timeZone?: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * A time as the member lives it: in the browser's time zone, to the
 * minute. The server's render (and the first paint while hydrating) says
 * UTC; the browser then shows its own zone, without a hydration mismatch.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const locale = useLocale();
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <time dateTime={iso} className={className}>
      {inBrowser ? formatLocalMinute(iso, undefined, locale) : formatUtcMinute(iso, locale)}
    </time>
  );
}
