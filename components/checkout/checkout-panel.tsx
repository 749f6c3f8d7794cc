"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { PlaceOrder } from "./use-checkout";
import { useCheckout } from "./use-checkout";
import { CardForm } from "./card-form";
import { PointsPayment } from "./points-payment";
import type { TestCard } from "@/lib/payments-contract/test-cards";
import { TestCardsTable } from "./test-cards-table";
import { ButtonLink } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";

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
      <ErrorPanel
        ref={refusalRef}
        tabIndex={-1}
        tone="warning"
        title={t("priceGone")}
        action={
          <ButtonLink href={productHref} variant="primary">
            {t("todaysPrice")}
          </ButtonLink>
        }
      >
        <p>{t("priceGoneText", { message: priceRefusal.message })}</p>
      </ErrorPanel>
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
