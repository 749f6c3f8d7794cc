import { useLocale, useTranslations } from "next-intl";
import { dateTimeFormat, formatPoints } from "@/lib/i18n/format";
import { formatMoney } from "@/lib/shop/price-choices";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import { OrderStatusBadge } from "./order-status-badge";
import { LocalTime } from "@/components/portal/local-time";
import { cardWords, paymentFailed, wasCancelledAfterCompletion } from "./order-words";

/** What was taken from whom: the receipt of a completed order, the same facts for any other. */
export function OrderReceipt({ order }: { order: OrderView }) {
  const t = useTranslations("orders.receipt");
  const tOrders = useTranslations("orders");
  const locale = useLocale();
  const dayFormat = dateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const completed = order.state === "completed";
  const undone = (order.state === "cancelled" || order.state === "cancelling") && wasCancelledAfterCompletion(order);
  const failed = paymentFailed(order);
  const pointsBack = order.state === "points_returned" || (undone && order.state === "cancelled");
  const cash = formatMoney(order.cashMinor, order.currency, locale);
  const cashTaken = completed || undone;
  return (
    <section aria-labelledby="receipt-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="receipt-heading" className="text-lg font-semibold">
        {completed ? t("receipt") : t("details")}
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2">
        <dt className="text-slate-600">{t("orderNumber")}</dt>
        <dd className="font-medium break-all">{order.orderNumber}</dd>
        <dt className="text-slate-600">{t("product")}</dt>
        <dd className="font-medium">{order.productName}</dd>
        {order.journey.map((leg) => (
          <div key={`${leg.flightNumber}-${leg.departs}`} className="contents">
            <dt className="text-slate-600">{leg.outbound ? t("flight") : t("returnFlight")}</dt>
            <dd className="font-medium">
              {leg.flightNumber} · {t("route", { from: leg.from, to: leg.to })} ·{" "}
              <time dateTime={leg.departs}>{dayFormat.format(new Date(`${leg.departs}T00:00:00Z`))}</time>
            </dd>
          </div>
        ))}
        <dt className="text-slate-600">{t("placed")}</dt>
        <dd className="font-medium">
          <LocalTime iso={order.createdAt} />
        </dd>
        <dt className="text-slate-600">{t("status")}</dt>
        <dd>
          <OrderStatusBadge state={order.state} status={order.status} />
        </dd>
        {order.points > 0 ? (
          <>
            <dt className="text-slate-600">{completed ? t("pointsUsed") : t("points")}</dt>
            <dd className="font-medium">
              {formatPoints(order.points, locale)}
              {pointsBack ? ` ${t("returned")}` : ""}
              {order.debitTransactionId ? (
                <span className="block font-normal text-slate-600">
                  {t("pointsTransaction")} <span className="font-mono break-all">{order.debitTransactionId}</span>
                </span>
              ) : null}
            </dd>
          </>
        ) : null}
        {order.card ? (
          <>
            <dt className="text-slate-600">{t("card")}</dt>
            <dd className="font-medium">{cardWords(order.card, tOrders)}</dd>
          </>
        ) : null}
        {order.cashMinor > 0 ? (
          <>
            <dt className="text-slate-600">{cashTaken ? t("cashTaken") : t("cardPayment")}</dt>
            <dd className="font-medium">
              {cash}
              {undone && order.state === "cancelled" ? ` ${t("refunded")}` : failed ? ` ${t("notTaken")}` : ""}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
