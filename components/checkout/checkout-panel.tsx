"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { PlaceOrder } from "./use-checkout";
import { useCheckout } from "./use-checkout";
import { CardForm } from "./card-form";
import { PointsPayment } from "./points-payment";
import type { TestCard } from "@/lib/payments-contract/test-cards";
import { TestCardsTable } from "./test-cards-table";

export interface CheckoutPanelProps {
  quoteId: string;
  optionId: string;
  checkoutKey: string;
  points: number;
  cashMinor: number;
  currency: string;
  /** The card processor as the browser reaches it (public values only). */
  payments: { publishableKey: string; baseUrl: string };
  productHref: string;
  placeOrder: PlaceOrder;
  /** The sandbox's processor: its test cards are listed under the form, a click fills it in. */
  sandboxCards?: readonly TestCard[];
}

/**
 * The way to pay the chosen option: the card form when there is a cash leg,
 * a single button for an all-points option. A price that no longer holds
 * leads back to the product to be priced again.
 */
export function CheckoutPanel({
  quoteId,
  optionId,
  checkoutKey,
  points,
  cashMinor,
  currency,
  payments,
  productHref,
  placeOrder,
  sandboxCards,
}: CheckoutPanelProps) {
  const t = useTranslations("checkout");
  const [picked, setPicked] = useState<{ number: string; key: number } | undefined>();
  const { place, placed, priceRefusal, slow } = useCheckout({ quoteId, optionId, checkoutKey, placeOrder });
  const refusalRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (priceRefusal) refusalRef.current?.focus();
  }, [priceRefusal]);

  if (priceRefusal) {
    return (
      <div
        ref={refusalRef}
        role="alert"
        tabIndex={-1}
        className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700"
      >
        <h2 className="text-lg font-semibold">{t("priceGone")}</h2>
        <p className="mt-1 text-sm">{t("priceGoneText", { message: priceRefusal.message })}</p>
        <Link
          href={productHref}
          className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          {t("todaysPrice")}
        </Link>
      </div>
    );
  }

  const stillConfirming = (
    <p role="status" aria-live="polite" className="mt-3 min-h-5 text-sm font-medium text-slate-700">
      {slow ? t("stillConfirming") : ""}
    </p>
  );
  if (cashMinor === 0)
    return (
      <>
        <PointsPayment points={points} currency={currency} onPay={() => place()} busy={placed} />
        {stillConfirming}
      </>
    );
  return (
    <>
      <CardForm
        cashAmount={cashMinor}
        currency={currency}
        points={points}
        publishableKey={payments.publishableKey}
        paymentsBaseUrl={payments.baseUrl}
        onTokenised={(card) => place(card)}
        busy={placed}
        prefill={picked}
      />
      {stillConfirming}
      {sandboxCards ? (
        <div className="mt-6">
          <TestCardsTable
            cards={sandboxCards}
            onPick={(number) => setPicked((last) => ({ number, key: (last?.key ?? 0) + 1 }))}
          />
        </div>
      ) : null}
    </>
  );
}
