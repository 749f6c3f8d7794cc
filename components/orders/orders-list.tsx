import { IntentLink } from "@/components/ui/intent-link";
import { useLocale, useTranslations } from "next-intl";
import { formatPoints } from "@/lib/i18n/format";
import { formatMoney } from "@/lib/shop/price-choices";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import { wasCancelledAfterCompletion } from "./order-words";
import { OrderStatusBadge } from "./order-status-badge";
import { LocalTime } from "@/components/portal/local-time";
import { focusRing } from "@/components/ui/focus-ring";

/** The member's orders as cards (they read well at 360 px), each leading to its receipt and timeline. */
export function OrdersList({ orders }: { orders: OrderView[] }) {
  const t = useTranslations("orders.list");
  const locale = useLocale();
  const amount = (order: OrderView) =>
    [
      order.points > 0 ? t("points", { count: order.points, figure: formatPoints(order.points, locale) }) : "",
      order.cashMinor > 0 ? formatMoney(order.cashMinor, order.currency, locale) : "",
    ]
      .filter(Boolean)
      .join(" + ");
  // What the order took in the end, not its price: nothing when the points came back or the card was declined.
  const paidWith = (order: OrderView) => {
    switch (order.state) {
      case "completed":
        return t("paid", { amount: amount(order) });
      case "points_returned":
      case "declined":
        return t("nothingPaid");
      case "cancelled":
      case "cancelling":
        return wasCancelledAfterCompletion(order) ? t("refunded", { amount: amount(order) }) : t("nothingPaid");
      default:
        return t("toPay", { amount: amount(order) });
    }
  };
  return (
    <ul className="space-y-3" aria-label={t("label")}>
      {orders.map((order) => (
        <li key={order.id}>
          <IntentLink
            href={`/orders/${encodeURIComponent(order.id)}`}
            className={`flex flex-col items-start gap-1 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600 ${focusRing} sm:flex-row sm:items-center sm:justify-between sm:gap-4`}
          >
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{order.productName}</span>
              <span className="block text-sm break-words text-slate-600">
                {t("order", { number: order.orderNumber })} · <LocalTime iso={order.createdAt} />
              </span>
              <span className="block text-sm text-slate-700">{paidWith(order)}</span>
            </span>
            <OrderStatusBadge state={order.state} status={order.status} />
          </IntentLink>
        </li>
      ))}
    </ul>
  );
}
