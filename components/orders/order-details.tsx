"use client";

import { useTranslations } from "next-intl";
import { useMemberBalance } from "@/components/portal/balance-badge";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import { CancelOrderSection } from "./cancel-order";
import { OrderOutcome } from "./order-outcome";
import { OrderReceipt } from "./order-receipt";
import { OrderTimeline } from "./order-timeline";
import type { CancelOrder } from "./use-cancel-order";
import { useOrder } from "./use-order";

/**
 * One order as the member follows it: the outcome, the receipt, the cancel
 * offer and the timeline, all from one reading that updates by itself
 * until the order has settled.
 */
export function OrderDetails({ initialOrder, cancelOrder }: { initialOrder: OrderView; cancelOrder: CancelOrder }) {
  const { order, refreshFailed } = useOrder(initialOrder);
  const { data: balance } = useMemberBalance();
  const t = useTranslations("orders");
  return (
    <div className="space-y-6">
      <OrderOutcome order={order} balance={balance} />
      {refreshFailed ? <p className="text-sm text-slate-600">{t("refreshFailed")}</p> : null}
      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-6">
          <OrderReceipt order={order} />
          <CancelOrderSection order={order} cancelOrder={cancelOrder} />
        </div>
        <OrderTimeline entries={order.timeline} />
      </div>
    </div>
  );
}
