"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { balanceQueryKey } from "@/components/portal/balance-badge";
import type { CancelOrderActionResult } from "@/lib/checkout/place-order-request";
import { refusal } from "@/lib/actions/action-result";
import { orderQueryKey } from "./use-order";

/** The cancel server action, handed in by the page (tests hand in their own). */
export type CancelOrder = (orderId: string) => Promise<CancelOrderActionResult>;

/**
 * Cancelling a completed order: asked once more before it is sent, sent
 * once however often the button is pressed, then the order and the balance
 * are read again (the refund and the reversal show on the timeline).
 */
export function useCancelOrder(orderId: string, cancelOrder: CancelOrder) {
  const queryClient = useQueryClient();
  const notSent = useTranslations("orders.cancel")("notSent");
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const running = useRef(false);

  const confirm = async () => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    setError(undefined);
    const result = await cancelOrder(orderId).catch((): CancelOrderActionResult =>
      refusal("unavailable", notSent, {
        reason: "unavailable",
      }),
    );
    if (result.ok) {
      setConfirming(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) }),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
      ]);
    } else {
      setError(result.message);
    }
    setPending(false);
    running.current = false;
  };

  return {
    confirming,
    pending,
    error,
    ask: () => setConfirming(true),
    keep: () => {
      setConfirming(false);
      setError(undefined);
    },
    confirm,
  };
}
