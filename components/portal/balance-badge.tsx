"use client";

import { useQuery } from "@tanstack/react-query";
import { formatPoints } from "@/lib/portal/format";

export const balanceQueryKey = ["member-balance"] as const;

async function fetchBalance(): Promise<number | null> {
  const response = await fetch("/member/balance", { cache: "no-store", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`balance: HTTP ${response.status}`);
  const body = (await response.json()) as { amount?: number | null };
  return typeof body.amount === "number" ? body.amount : null;
}

/**
 * The balance in the portal's header: rendered by the server, then kept
 * fresh (when the member returns to the tab, and every minute) so points
 * spent or earned elsewhere show without a reload. On a failed refresh the
 * last known balance stays.
 */
export function BalanceBadge({ initialBalance }: { initialBalance: number | undefined }) {
  const { data } = useQuery({
    queryKey: balanceQueryKey,
    queryFn: fetchBalance,
    initialData: initialBalance ?? null,
    refetchInterval: 60_000,
  });
  if (data === null || data === undefined) return null;
  return (
    <span aria-live="polite">
      {" · "}
      <span className="font-semibold text-slate-900">{formatPoints(data)}</span> points
    </span>
  );
}
