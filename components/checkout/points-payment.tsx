"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { useFocusRequest } from "@/components/forms/use-focus-request";
import { payLabel } from "./pay-label";

export interface PointsPaymentProps {
  points: number;
  currency: string;
  /** Places the order without a card (no cash leg); may answer a refusal to show. */
  onPay: () => Promise<{ formError?: string } | undefined>;
  busy?: boolean;
}

/** An all-points option: no card step, one button that names the points. */
export function PointsPayment({ points, currency, onPay, busy = false }: PointsPaymentProps) {
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | undefined>();
  const { ref: alertRef, requestFocus: focusAlert } = useFocusRequest<HTMLDivElement>();
  const t = useTranslations("checkout");
  const locale = useLocale();
  const label = payLabel(0, currency, points, { t, locale });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setAlert(undefined);
    try {
      const result = await onPay();
      if (result?.formError) {
        setAlert(result.formError);
        focusAlert();
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form method="post" onSubmit={submit} className="space-y-4" aria-label={t("payWithPoints")}>
      <FormAlert ref={alertRef} title={t("notThrough")} messages={alert ? [alert] : []} />
      <p className="text-sm text-slate-700">{t("pointsPayAll")}</p>
      <SubmitButton
        pending={pending || busy}
        pendingLabel={payLabel(0, currency, points, { t, locale, pending: true })}
      >
        {label}
      </SubmitButton>
    </form>
  );
}
