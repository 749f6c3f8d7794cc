"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { balanceQueryKey } from "@/components/portal/balance-badge";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import { isSettling } from "./order-words";

/** How often a page asks again while the payment is being confirmed. */
export const orderPollMs = 2_000;

export const orderQueryKey = (orderId: string) => ["member-order", orderId] as const;

async function fetchOrder(orderId: string): Promise<OrderView> {
  const response = await fetch(`/member/orders/${encodeURIComponent(orderId)}`, {
    cache: "no-store",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`order: HTTP ${response.status}`);
  return (await response.json()) as OrderView;
}

/**
 * One order as its page shows it: the server's reading first, then asked
 * again every two seconds while the saga is still settling it (confirming
 * the payment, returning points), and no more once it has settled. Each
 * change of state reads the header's balance again.
 */
export function useOrder(initial: OrderView) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: orderQueryKey(initial.id),
    queryFn: () => fetchOrder(initial.id),
    initialData: initial,
    // The server's reading is fresh: ask again at once only while it is settling.
    staleTime: isSettling(initial.state) ? 0 : 30_000,
    refetchInterval: (current) => (current.state.data && isSettling(current.state.data.state) ? orderPollMs : false),
    refetchIntervalInBackground: true,
  });
  const order = query.data;

  const seenState = useRef(order.state);
  useEffect(() => {
    if (seenState.current === order.state) return;
    seenState.current = order.state;
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  }, [order.state, queryClient]);

  return { order, refreshFailed: query.isError };
}
