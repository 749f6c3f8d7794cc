import { IntentLink } from "@/components/ui/intent-link";
import { formatMinorAmount } from "@/components/checkout/pay-label";
import { formatPoints } from "@/lib/i18n/format";
import { formatStaffDateTime } from "@/lib/portal/staff/staff-dates";
import { countOf } from "@/lib/portal/staff/staff-plurals";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import { OrderTimeline } from "./order-timeline";
import { Disclosure } from "@/components/ui/disclosure";
import { focusRing } from "@/components/ui/focus-ring";

/** What an order cost: "9,000 points and £90.00". */
export function orderPrice(order: Pick<OrderView, "points" | "cashMinor" | "currency">): string {
  const parts = [
    ...(order.points > 0 ? [`${formatPoints(order.points)} points`] : []),
    ...(order.cashMinor > 0 ? [formatMinorAmount(order.cashMinor, order.currency)] : []),
  ];
  return parts.join(" and ");
}

const statusTone: Record<string, string> = {
  completed: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  needs_attention: "bg-amber-50 text-amber-900 ring-amber-600/30",
  cancelled: "bg-slate-100 text-slate-800 ring-slate-500/30",
  points_returned: "bg-slate-100 text-slate-800 ring-slate-500/30",
};

/** The member's orders in the portal's shop, each with its saga timeline and a link to act on it. */
export function MemberOrders({
  membershipNumber,
  orders,
  timeZone,
}: {
  membershipNumber: string;
  orders: OrderView[];
  /** The staff member's: dates are theirs, with the year. */
  timeZone: string;
}) {
  if (orders.length === 0) {
    return (
      <p role="status" className="px-4 pb-4 text-sm text-slate-600 sm:px-6">
        No orders in the portal&apos;s shop.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {orders.map((order) => (
        <li key={order.id} className="px-4 py-4 sm:px-6" data-order={order.orderNumber}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <IntentLink
              href={`/staff/members/${membershipNumber}/orders/${order.id}`}
              className={`rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 ${focusRing}`}
            >
              {order.orderNumber}
            </IntentLink>
            <span
              className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${
                statusTone[order.state] ?? "bg-sky-50 text-sky-900 ring-sky-600/30"
              }`}
            >
              {order.status}
            </span>
          </div>
          <p className="mt-1 text-sm break-words text-slate-700">
            {order.productName} · {orderPrice(order)} · {formatStaffDateTime(order.createdAt, timeZone)}
            {order.card ? ` · ${order.card.brand} ending ${order.card.last4}` : ""}
          </p>
          <Disclosure
            className="mt-2"
            summary={`Timeline (${countOf(order.timeline.length, { one: "step", other: "steps" })})`}
          >
            <div className="mt-2">
              <OrderTimeline entries={order.timeline} label={`Timeline of ${order.orderNumber}`} timeZone={timeZone} />
            </div>
          </Disclosure>
        </li>
      ))}
    </ul>
  );
}
