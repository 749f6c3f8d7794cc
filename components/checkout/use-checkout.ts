"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { balanceQueryKey } from "@/components/portal/balance-badge";
import {
  priceAgainReasons,
  type PlaceOrderActionResult,
  type PlaceOrderRequest,
} from "@/lib/checkout/place-order-request";
import type { TokenisedCard } from "@/lib/payments-client/contract";
import { refusal } from "@/lib/portal/action-result";

/** The place-order server action, handed in by the page (tests hand in their own). */
export type PlaceOrder = (request: PlaceOrderRequest) => Promise<PlaceOrderActionResult>;

export interface UseCheckoutOptions {
  quoteId: string;
  optionId: string;
  /** One per checkout form shown: a repeat of the same checkout is the same order. */
  checkoutKey: string;
  placeOrder: PlaceOrder;
}

/** A refusal that makes the price itself stale: shown with a way to price again, not in the card form. */
export interface PriceRefusal {
  message: string;
}

/**
 * Placing the order: one request at a time (a second click while the first
 * is on its way waits for the same answer), then the order's page, with the
 * header's balance read again. A refusal of the price leads back to the
 * product; any other refusal is for the form to show (`formError`).
 */
export function useCheckout({ quoteId, optionId, checkoutKey, placeOrder }: UseCheckoutOptions) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const inFlight = useRef<Promise<{ formError?: string } | undefined> | null>(null);
  const [priceRefusal, setPriceRefusal] = useState<PriceRefusal | undefined>();
  const [placed, setPlaced] = useState(false);

  const place = (card?: TokenisedCard): Promise<{ formError?: string } | undefined> => {
    inFlight.current ??= (async () => {
      setPriceRefusal(undefined);
      const result = await placeOrder({ quoteId, optionId, checkoutKey, ...(card ? { card } : {}) }).catch(
        (): PlaceOrderActionResult =>
          refusal("unavailable", "The payment could not be sent. Check your connection and try again.", {
            reason: "unavailable",
          }),
      );
      if (result.ok) {
        // The button stays disabled until the order's page opens.
        setPlaced(true);
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
        router.push(`/orders/${encodeURIComponent(result.data.orderId)}`);
        return undefined;
      }
      inFlight.current = null;
      if (result.reason && priceAgainReasons.includes(result.reason)) {
        setPriceRefusal({ message: result.message });
        return undefined;
      }
      return { formError: result.message };
    })();
    return inFlight.current;
  };

  return { place, placed, priceRefusal };
}
