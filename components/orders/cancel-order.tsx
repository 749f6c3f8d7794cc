"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { formatPoints } from "@/lib/i18n/format";
import { formatMoney } from "@/lib/shop/price-choices";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import { LocalTime } from "@/components/portal/local-time";
import { useCancelOrder, type CancelOrder } from "./use-cancel-order";
import { Button } from "@/components/ui/button";

/** A completed order within the reversal window: the member may cancel it (card refunded, points reversed). */
export function CancelOrderSection({ order, cancelOrder }: { order: OrderView; cancelOrder: CancelOrder }) {
  const { confirming, pending, error, ask, keep, confirm } = useCancelOrder(order.id, cancelOrder);
  const t = useTranslations("orders.cancel");
  const locale = useLocale();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // Focus follows the question: onto its answer, and back to the button when the member keeps the order.
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) askRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  if (order.state !== "completed" || !order.cancellableUntil) return null;
  const amounts = {
    points: order.points,
    figure: formatPoints(order.points, locale),
    cash: formatMoney(order.cashMinor, order.currency, locale),
    hasPoints: String(order.points > 0),
    hasCash: String(order.cashMinor > 0),
  };

  return (
    <section aria-labelledby="cancel-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="cancel-heading" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t.rich("until", { ...amounts, time: () => <LocalTime iso={order.cancellableUntil!} /> })}
      </p>
      <div className="mt-3 space-y-3">
        <FormAlert title={t("notCancelled")} messages={error ? [error] : []} />
        {confirming ? (
          <div className="flex flex-wrap gap-3">
            <p className="w-full text-sm font-medium">{t("question", amounts)}</p>
            <Button
              ref={confirmRef}
              variant="danger"
              onClick={confirm}
              disabled={pending}
              aria-busy={pending || undefined}
            >
              {pending ? t("cancelling") : t("confirm")}
            </Button>
            <Button variant="secondary" onClick={keep} disabled={pending}>
              {t("keep")}
            </Button>
          </div>
        ) : (
          <Button ref={askRef} variant="secondary" onClick={ask}>
            {t("ask")}
          </Button>
        )}
      </div>
    </section>
  );
}
