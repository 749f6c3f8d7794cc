"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { TextField } from "@/components/forms/text-field";
import { payLabel } from "./pay-label";
import { useCardForm, type UseCardFormOptions } from "./use-card-form";

export interface CardFormProps extends UseCardFormOptions {
  /** The card leg, in minor units of `currency` (9000 GBP is £90.00). */
  cashAmount: number;
  currency: string;
  /** The points leg; 0 or absent when the card pays it all. */
  points?: number;
  /** The page is moving on (the order is placed): the button stays disabled. */
  busy?: boolean;
  /** A sandbox test card the member picked from the list: filled in when `key` changes. */
  prefill?: { number: string; key: number };
}

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

/**
 * The checkout's card details. The card goes from the browser straight to
 * the payment processor; the page gets only a token, the brand and the last
 * four digits (onTokenised).
 */
export function CardForm({ cashAmount, currency, points = 0, busy = false, prefill, ...options }: CardFormProps) {
  const { register, submit, errorFor, pending, alert, alertRef, brand, fill } = useCardForm(options);
  const t = useTranslations("checkout");
  const locale = useLocale();
  const label = payLabel(cashAmount, currency, points, { t, locale });
  const prefillKey = prefill?.key;
  const prefillNumber = prefill?.number;
  useEffect(() => {
    if (prefillNumber) fill(prefillNumber);
    // Only a new pick fills the form; `fill` changes with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefillKey, prefillNumber]);

  // method="post": a submit before hydration must not put the card into the URL of a GET.
  return (
    <form noValidate method="post" onSubmit={submit} className="space-y-5" aria-label={t("card.label")}>
      <FormAlert ref={alertRef} title={t("notThrough")} messages={alert ? [alert] : []} />
      <TextField
        registration={register("cardNumber")}
        label={t("card.number")}
        hint={t("card.numberHint")}
        error={errorFor("cardNumber")}
        inputMode="numeric"
        autoComplete="cc-number"
        spellCheck={false}
        maxLength={23}
      />
      <p aria-live="polite" className="-mt-3 min-h-5 text-sm text-slate-700">
        {brandNames[brand] ? (
          <>
            {t.rich("card.type", {
              brand: brandNames[brand],
              name: (chunks) => <span className="font-medium">{chunks}</span>,
            })}
          </>
        ) : null}
      </p>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          registration={register("expiry")}
          label={t("card.expiry")}
          hint={t("card.expiryHint")}
          error={errorFor("expiry")}
          inputMode="numeric"
          autoComplete="cc-exp"
          spellCheck={false}
          maxLength={7}
        />
        <TextField
          registration={register("securityCode")}
          label={t("card.securityCode")}
          hint={t("card.securityCodeHint")}
          error={errorFor("securityCode")}
          inputMode="numeric"
          autoComplete="cc-csc"
          spellCheck={false}
          maxLength={4}
        />
      </div>
      <TextField
        registration={register("nameOnCard")}
        label={t("card.name")}
        error={errorFor("nameOnCard")}
        autoComplete="cc-name"
        spellCheck={false}
        maxLength={100}
      />
      <p className="text-sm text-slate-600">{t("card.straightToProcessor")}</p>
      <SubmitButton
        pending={pending || busy}
        pendingLabel={payLabel(cashAmount, currency, points, { t, locale, pending: true })}
      >
        {label}
      </SubmitButton>
    </form>
  );
}
