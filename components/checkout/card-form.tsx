"use client";

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
  const label = payLabel(cashAmount, currency, points);
  const prefillKey = prefill?.key;
  const prefillNumber = prefill?.number;
  useEffect(() => {
    if (prefillNumber) fill(prefillNumber);
    // Only a new pick fills the form; `fill` changes with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefillKey, prefillNumber]);

  // method="post": a submit before hydration must not put the card into the URL of a GET.
  return (
    <form noValidate method="post" onSubmit={submit} className="space-y-5" aria-label="Card details">
      <FormAlert ref={alertRef} title="The payment did not go through" messages={alert ? [alert] : []} />
      <TextField
        registration={register("cardNumber")}
        label="Card number"
        hint="The long number on the front of your card."
        error={errorFor("cardNumber")}
        inputMode="numeric"
        autoComplete="cc-number"
        spellCheck={false}
        maxLength={23}
      />
      <p aria-live="polite" className="-mt-3 min-h-5 text-sm text-slate-700">
        {brandNames[brand] ? (
          <>
            Card type: <span className="font-medium">{brandNames[brand]}</span>
          </>
        ) : null}
      </p>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          registration={register("expiry")}
          label="Expiry date"
          hint="MM/YY"
          error={errorFor("expiry")}
          inputMode="numeric"
          autoComplete="cc-exp"
          spellCheck={false}
          maxLength={7}
        />
        <TextField
          registration={register("securityCode")}
          label="Security code"
          hint="3 or 4 digits"
          error={errorFor("securityCode")}
          inputMode="numeric"
          autoComplete="cc-csc"
          spellCheck={false}
          maxLength={4}
        />
      </div>
      <TextField
        registration={register("nameOnCard")}
        label="Name on card"
        error={errorFor("nameOnCard")}
        autoComplete="cc-name"
        spellCheck={false}
        maxLength={100}
      />
      <p className="text-sm text-slate-600">
        Your card details go straight to our payment processor. This shop never sees your card number.
      </p>
      <SubmitButton pending={pending || busy} pendingLabel={`${label.replace(/^Pay/, "Paying")}…`}>
        {label}
      </SubmitButton>
    </form>
  );
}
