import type { Metadata } from "next";
import { mayDo } from "@/lib/portal/staff/staff-roles";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { IntentLink } from "@/components/ui/intent-link";
import { orderPrice } from "@/components/staff/member-orders";
import { OrderTimeline } from "@/components/staff/order-timeline";
import { formatStaffDateTime } from "@/lib/portal/staff/staff-dates";
import { readStaffTimeZone } from "@/server/portal/staff/staff-time-zone";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { listAttentionOrders } from "@/server/portal/staff/list-attention-orders";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";
import { Disclosure } from "@/components/ui/disclosure";
import { focusRing } from "@/components/ui/focus-ring";

export const metadata: Metadata = { title: "Needs attention" };

/** The orders the checkout's saga could not settle by itself, oldest first, with what it knows. */
export default async function AttentionPage() {
  const { session: staff, allowed } = await requireStaffPermission("attention.view");
  if (!allowed) return <ForbiddenPanel what="The needs-attention list" />;
  const waiting = await listAttentionOrders(await getPortalDatabase());
  const { timeZone } = await readStaffTimeZone();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Needs attention</h1>
        <p className="mt-1 text-sm text-slate-600">
          Orders the checkout could not settle by itself, oldest first.{" "}
          {mayDo(staff.role, "order.settle")
            ? "Check the references with the loyalty service and the card processor, then settle each on its page."
            : "An administrator settles them; when a member asks about one, tell them it is with the team and ask an administrator to look."}
        </p>
      </div>
      {waiting.length === 0 ? (
        <p
          role="status"
          className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-600 shadow-sm"
        >
          No order needs attention.
        </p>
      ) : (
        <ul className="space-y-4">
          {waiting.map(({ order, reason, references, attempts }) => (
            <li
              key={order.id}
              className="rounded-xl border border-amber-300 bg-white p-4 shadow-sm sm:p-6"
              data-order={order.orderNumber}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <IntentLink
                  href={`/staff/members/${order.membershipNumber}/orders/${order.id}`}
                  className={`rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 ${focusRing}`}
                >
                  {order.orderNumber}
                </IntentLink>
                <span className="text-sm text-slate-600">Placed {formatStaffDateTime(order.createdAt, timeZone)}</span>
              </div>
              <p className="mt-1 text-sm break-words text-slate-700">
                Member {order.membershipNumber} · {order.productName} · {orderPrice(order)}
              </p>
              <p className="mt-2 text-sm break-words text-amber-950">
                <strong>Why:</strong> {reason ?? "not recorded"}
              </p>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-xs break-all text-slate-700 sm:grid-cols-2">
                <div>
                  <dt className="inline font-semibold">Debit: </dt>
                  <dd className="inline">{references.debitTransactionId ?? "none known"}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold">Charge: </dt>
                  <dd className="inline">{references.chargeId ?? "none known"}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold">Reversal: </dt>
                  <dd className="inline">{references.reversalTransactionId ?? "none"}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold">Refund: </dt>
                  <dd className="inline">{references.refundId ?? "none"}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold">Worker attempts: </dt>
                  <dd className="inline">{attempts}</dd>
                </div>
              </dl>
              <Disclosure className="mt-3" summary={`Timeline (${order.timeline.length} steps)`}>
                <div className="mt-2">
                  <OrderTimeline
                    entries={order.timeline}
                    label={`Timeline of ${order.orderNumber}`}
                    timeZone={timeZone}
                  />
                </div>
              </Disclosure>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
