"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { LocalTime } from "@/components/portal/local-time";

/** "14:05" left of a quote's validity, or undefined once it has run out. */
export function timeLeft(until: number, now: number): string | undefined {
  const seconds = Math.floor((until - now) / 1000);
  if (seconds <= 0) return undefined;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * How long the quoted price still holds, counted down, with the local
 * time it ends. Not a live region: a second-by-second count would drown a
 * screen reader; the end time is there to read.
 */
export function QuoteCountdown({ heldUntil }: { heldUntil: string }) {
  const t = useTranslations("checkout.countdown");
  const until = new Date(heldUntil).getTime();
  const [now, setNow] = useState<number | undefined>();
  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, []);
  const left = now === undefined ? undefined : timeLeft(until, now);
  return (
    <span>
      {now !== undefined && !left ? <span className="text-amber-800">{t("runOut")} </span> : null}
      {left
        ? t.rich("left", {
            left,
            time: () => <LocalTime iso={heldUntil} />,
            figure: (chunks) => <span className="tabular-nums">{chunks}</span>,
          })
        : t.rich("until", { time: () => <LocalTime iso={heldUntil} /> })}
    </span>
  );
}
