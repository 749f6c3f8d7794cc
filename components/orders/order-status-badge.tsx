import { useTranslations } from "next-intl";
import type { OrderState } from "@/lib/checkout/order-states";
import { statusTone, type StatusTone } from "./order-words";

const toneClass: Record<StatusTone, string> = {
  success: "border-green-700 bg-green-50 text-green-900",
  pending: "border-sky-700 bg-sky-50 text-sky-900",
  returned: "border-amber-700 bg-amber-50 text-amber-950",
  attention: "border-red-700 bg-red-50 text-red-900",
  neutral: "border-slate-500 bg-slate-100 text-slate-800",
};

/** The order's status in the member's words ("Completed", "Points returned", …), its colour only a second cue. */
export function OrderStatusBadge({ state }: { state: OrderState; status?: string }) {
  const t = useTranslations("orders.status");
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium whitespace-nowrap ${toneClass[statusTone(state)]}`}
    >
      {t(state)}
    </span>
  );
}
