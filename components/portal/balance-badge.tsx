"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { formatPoints } from "@/lib/i18n/format";

export const balanceQueryKey = ["member-balance"] as const;

async function fetchBalance(): Promise<number | null> {
  const response = await fetch("/member/balance", { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`balance: HTTP ${response.status}`);
  const body = (await response.json()) as { amount?: number | null };
  return typeof body.amount === "number" ? body.amount : null;
}

/**
 * The member's balance as the header shows it, shared by every component
 * that reads it (one query): kept fresh when the member returns to the tab
 * and every minute; a checkout invalidates it. On a failed refresh the last
 * known balance stays.
 */
export function useMemberBalance(initialBalance?: number | null) {
  return useQuery({
    queryKey: balanceQueryKey,
    queryFn: fetchBalance,
    ...(initialBalance === undefined ? {} : { initialData: initialBalance }),
    refetchInterval: 60_000,
  });
}

/**
 * The balance in the portal's header: rendered by the server, then kept
 * fresh (when the member returns to the tab, and every minute) so points
 * spent or earned elsewhere show without a reload.
 */
export function BalanceBadge({ initialBalance }: { initialBalance: number | undefined }) {
  const { data } = useMemberBalance(initialBalance ?? null);
  const t = useTranslations("header");
  const locale = useLocale();
  if (data === null || data === undefined) return null;
  return (
    <span aria-live="polite">
      {" · "}
      {t.rich("balance", {
        count: data,
        points: () => <span className="font-semibold text-slate-900">{formatPoints(data, locale)}</span>,
      })}
    </span>
  );
}
