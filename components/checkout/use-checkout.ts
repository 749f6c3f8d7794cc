"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { balanceQueryKey } from "@/components/portal/balance-badge";
import { newCheckoutKey } from "@/lib/checkout/new-checkout-key";
import {
  cardDeclinedReasons,
  priceAgainReasons,
  type PlaceOrderActionResult,
  type PlaceOrderRefusalReason,
  type PlaceOrderRequest,
} from "@/lib/checkout/place-order-request";
import type { TokenisedCard } from "@/lib/payments-contract/contract";
import { refusal } from "@/lib/actions/action-result";
import { useFormMessage } from "@/components/forms/use-form-message";

/** The place-order server action, handed in by the page (tests hand in their own). */
export type PlaceOrder = (request: PlaceOrderRequest) => Promise<PlaceOrderActionResult>;

export interface UseCheckoutOptions {
  quoteId: string;
  optionId: string;
  /** One per checkout form shown: a repeat of the same checkout is the same order. */
  checkoutKey: string;
  placeOrder: PlaceOrder;
}

/** How long a payment may take before the member is told it is still being confirmed. */
export const slowPaymentMs = 2_000;

/** What the card form does with the answer: a message beside it, and the card fields emptied for another card. */
export type PlaceOutcome = { formError?: string; clearCard?: boolean } | undefined;

/** A refusal that makes the price itself stale: shown with a way to price again, not in the card form. */
export interface PriceRefusal {
  message: string;
}

/**
 * Placing the order: one request at a time (a second click while the first
 * is on its way waits for the same answer), then the order's page, with the
 * header's balance read again. A refusal of the price leads back to the
 * product; a declined card stays here, with its message beside the form and
 * a new key for the next card; any other refusal is for the form to show
 * (`formError`). After 2 s the member is told the bank is still confirming.
 */
export function useCheckout({ quoteId, optionId, checkoutKey: firstKey, placeOrder }: UseCheckoutOptions) {
  const router = useRouter();
  const t = useTranslations("checkout.refusals");
  const translate = useFormMessage();
  // The portal's server words its refusals in English; another language says a reason in its own words.
  const english = useLocale() === "en";
  const wordsOf = (result: { reason?: PlaceOrderRefusalReason; message: string }) =>
    result.reason && !english ? t(result.reason) : translate(result.message);
  const queryClient = useQueryClient();
  const inFlight = useRef<Promise<PlaceOutcome> | null>(null);
  // A declined card leaves this checkout for another try: a new attempt, a new key.
  const checkoutKey = useRef(firstKey);
  const [priceRefusal, setPriceRefusal] = useState<PriceRefusal | undefined>();
  const [placed, setPlaced] = useState(false);
  const [sending, setSending] = useState(false);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (!sending) return;
    const timer = setTimeout(() => setSlow(true), slowPaymentMs);
    return () => clearTimeout(timer);
  }, [sending]);

  const place = (card?: TokenisedCard): Promise<PlaceOutcome> => {
    inFlight.current ??= (async () => {
      setPriceRefusal(undefined);
      setSending(true);
      const request = { quoteId, optionId, checkoutKey: checkoutKey.current, ...(card ? { card } : {}) };
      const result = await placeOrder(request).catch((): PlaceOrderActionResult =>
        refusal("unavailable", t("notSent"), {
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
      setSending(false);
      setSlow(false);
      if (result.reason && cardDeclinedReasons.includes(result.reason)) {
        // Nothing moved: the next card is a new attempt under a key of its own.
        checkoutKey.current = newCheckoutKey();
        return { formError: wordsOf(result), clearCard: true };
      }
      if (result.reason && priceAgainReasons.includes(result.reason)) {
        setPriceRefusal({ message: wordsOf(result) });
        return undefined;
      }
      return { formError: wordsOf(result) };
    })();
    return inFlight.current;
  };

  return { place, placed, priceRefusal, slow: slow && !priceRefusal };
}
