"use client";

import { useTranslations } from "next-intl";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { cardBrandOf, cardDigits } from "@/lib/payments-contract/card-rules";
import type { TokenisedCard } from "@/lib/payments-contract/contract";
import { tokeniseCard } from "@/lib/payments-client/tokenise-card";
import { useFocusRequest } from "@/components/forms/use-focus-request";
import {
  cardFieldForParam,
  cardFormSchema,
  emptyCardValues,
  formatCardNumber,
  formatExpiry,
  looksComplete,
  toTokeniseRequest,
  type CardField,
  type CardFormValues,
} from "./card-form-schema";

/** What the page does with a tokenised card (the checkout's server action); a refusal is shown in the form. */
export type OnTokenised = (
  card: TokenisedCard,
) => Promise<{ formError?: string; clearCard?: boolean } | undefined | void>;

export interface UseCardFormOptions {
  publishableKey: string;
  /** The processor's base URL as the browser reaches it; this app's /payments-sandbox by default. */
  paymentsBaseUrl?: string;
  onTokenised: OnTokenised;
  /** The browser tokeniser; tests hand in their own to see what it is given. */
  tokenise?: typeof tokeniseCard;
  /** Expiry dates are judged against this moment; tests pin it. */
  now?: Date;
}

/**
 * The card form's behaviour: validation as the member types (shown once a
 * field is complete or left), tokenising in the browser on submit, and
 * handing on only the token, the brand and the last four digits.
 */
export function useCardForm({ publishableKey, paymentsBaseUrl, onTokenised, tokenise, now }: UseCardFormOptions) {
  const t = useTranslations("checkout.card");
  const unavailableMessage = t("unavailable");
  const nowTime = now?.getTime();
  const schema = useMemo(() => cardFormSchema(nowTime === undefined ? new Date() : new Date(nowTime)), [nowTime]);
  const form = useForm<CardFormValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyCardValues,
    mode: "onChange",
    reValidateMode: "onChange",
  });
  const {
    control,
    setError,
    setFocus,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = form;
  const values = useWatch({ control });
  const [alert, setAlert] = useState<string | undefined>();
  const { ref: alertRef, requestFocus: focusAlert } = useFocusRequest<HTMLDivElement>();

  /** The error to show: only once the field is complete, left, or the form was submitted. */
  const errorFor = (field: CardField): string | undefined => {
    const message = errors[field]?.message;
    if (!message) return undefined;
    const shown = isSubmitted || touchedFields[field] || looksComplete(field, values[field] ?? "");
    return shown ? message : undefined;
  };

  const showAlert = (message: string) => {
    setAlert(message);
    focusAlert();
  };

  const onValid = async (valid: CardFormValues) => {
    setAlert(undefined);
    const outcome = await (tokenise ?? tokeniseCard)(publishableKey, toTokeniseRequest(valid), {
      baseUrl: paymentsBaseUrl,
    }).catch(() => ({ kind: "unavailable" as const, message: unavailableMessage }));
    if (outcome.kind === "unavailable") return showAlert(unavailableMessage);
    if (outcome.kind === "refused") {
      const field = cardFieldForParam(outcome.error.param);
      if (!field) return showAlert(unavailableMessage);
      setError(field, { type: "server", message: outcome.error.message });
      return setFocus(field);
    }
    // Only these three leave the browser for the portal: never the number, the expiry or the code.
    const { token, brand, last4 } = outcome.token;
    let result: Awaited<ReturnType<OnTokenised>>;
    try {
      result = await onTokenised({ token, brand, last4 });
    } catch {
      return showAlert(t("notSent"));
    }
    // A declined card: its details are emptied for another card (the name stays), the message beside them.
    if (result?.clearCard) form.reset({ ...emptyCardValues, nameOnCard: valid.nameOnCard });
    if (result?.formError) showAlert(result.formError);
  };

  // A second submit while one runs (a double click lands before the button is disabled) is dropped, so a
  // card is tokenised and sent once. handleSubmit is called in the event, not during render.
  const running = useRef(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    if (running.current) return event.preventDefault();
    running.current = true;
    try {
      await form.handleSubmit(onValid)(event);
    } finally {
      running.current = false;
    }
  };

  /** The number spaced in fours and the expiry's slash, inserted as the member types. */
  const previousExpiry = useRef("");
  const register = (field: CardField) => {
    const registration = form.register(field);
    if (field !== "cardNumber" && field !== "expiry") return registration;
    return {
      ...registration,
      onChange: (event: { target: unknown; type?: unknown }) => {
        const input = event.target as HTMLInputElement;
        if (field === "cardNumber") input.value = formatCardNumber(input.value);
        else {
          input.value = formatExpiry(input.value, previousExpiry.current);
          previousExpiry.current = input.value;
        }
        return registration.onChange(event);
      },
    };
  };

  /** A sandbox test card picked from the list: its number, a valid expiry and code; the name kept if typed. */
  const fill = (number: string) => {
    const nextYear = (new Date(nowTime ?? Date.now()).getUTCFullYear() + 2) % 100;
    const options = { shouldValidate: true, shouldDirty: true } as const;
    form.setValue("cardNumber", formatCardNumber(number), options);
    form.setValue("expiry", `12/${String(nextYear).padStart(2, "0")}`, options);
    previousExpiry.current = form.getValues("expiry");
    form.setValue("securityCode", "123", options);
    if (!form.getValues("nameOnCard").trim()) form.setValue("nameOnCard", "Sandbox Tester", options);
    setAlert(undefined);
    setFocus("cardNumber");
  };

  const brand = cardBrandOf(cardDigits(values.cardNumber ?? ""));
  return { register, submit, errorFor, pending: isSubmitting, alert, alertRef, brand, fill };
}
