import { useLocale, useTranslations } from "next-intl";
import { formatPoints } from "@/lib/i18n/format";
import { formatMoney } from "@/lib/shop/price-choices";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import {
  cardWords,
  isSettling,
  paymentFailed,
  paymentFailureSentence,
  wasCancelledAfterCompletion,
  type OrdersTranslator,
} from "./order-words";

export interface OrderOutcomeProps {
  order: OrderView;
  /** The member's balance now, when known: said after points come back. */
  balance: number | null | undefined;
}

interface Outcome {
  title: string;
  lines: string[];
  tone: "success" | "pending" | "returned" | "attention" | "neutral";
}

/** What happened to the order, in a sentence or two, for each state the saga can leave it in. */
export function orderOutcome(
  order: OrderView,
  balance: number | null | undefined,
  t: OrdersTranslator,
  locale: string,
): Outcome {
  const cash = formatMoney(order.cashMinor, order.currency, locale);
  const figure = formatPoints(order.points, locale);
  const amounts = {
    points: order.points,
    figure,
    cash,
    hasPoints: String(order.points > 0),
    hasCash: String(order.cashMinor > 0),
  };
  const balanceLine =
    typeof balance === "number"
      ? [t("outcome.balance", { count: balance, figure: formatPoints(balance, locale) })]
      : [];
  const failure = paymentFailureSentence(order, t);
  switch (order.state) {
    case "completed":
      return {
        title: t("outcome.completeTitle"),
        lines: [
          order.card
            ? t("outcome.tookWithCard", { ...amounts, card: cardWords(order.card, t) })
            : t("outcome.took", amounts),
        ],
        tone: "success",
      };
    case "points_returned":
      return {
        title: t("outcome.failedTitle"),
        lines: [`${failure} ${t("outcome.pointsBack", amounts)}`, ...balanceLine],
        tone: "returned",
      };
    case "reversing":
    case "voiding":
      return {
        title: t("outcome.failedTitle"),
        lines: [`${failure} ${order.points > 0 ? t("outcome.returningPoints", amounts) : t("outcome.nothingCharged")}`],
        tone: "returned",
      };
    case "cancelling":
      return {
        title: t("outcome.cancellingTitle"),
        lines: [t("outcome.cancelling", amounts)],
        tone: "pending",
      };
    case "cancelled":
      if (!wasCancelledAfterCompletion(order) && !paymentFailed(order))
        return {
          title: t("outcome.didNotGoThroughTitle"),
          // The saga's own sentence says why (English only); another language reads the portal's.
          lines: [
            (locale === "en" ? order.timeline.at(-1)?.description : undefined) ?? t("outcome.nothingDebitedOrCharged"),
          ],
          tone: "neutral",
        };
      if (paymentFailed(order))
        return {
          title: t("outcome.failedTitle"),
          lines: [`${failure} ${t("outcome.nothingTaken", amounts)}`],
          tone: "neutral",
        };
      return {
        title: t("outcome.cancelledTitle"),
        lines: [t("outcome.cancelled", amounts), ...(order.points > 0 ? balanceLine : [])],
        tone: "neutral",
      };
    case "declined":
      return {
        title: t("outcome.declinedTitle"),
        lines: [t("outcome.declined")],
        tone: "neutral",
      };
    case "needs_attention":
      return {
        title: t("outcome.attentionTitle"),
        lines: [t("outcome.attention")],
        tone: "attention",
      };
    default:
      return {
        title: t("outcome.confirmingTitle"),
        lines: [t("outcome.confirming", amounts)],
        tone: "pending",
      };
  }
}

const toneClass: Record<Outcome["tone"], string> = {
  success: "border-green-700 bg-green-50 text-green-950",
  pending: "border-sky-700 bg-sky-50 text-sky-950",
  returned: "border-amber-600 bg-amber-50 text-amber-950",
  attention: "border-red-700 bg-red-50 text-red-950",
  neutral: "border-slate-500 bg-slate-50 text-slate-900",
};

/** The outcome panel: a live region, so a change (payment confirmed, points back) is announced. */
export function OrderOutcome({ order, balance }: OrderOutcomeProps) {
  const t = useTranslations("orders");
  const outcome = orderOutcome(order, balance, t, useLocale());
  return (
    <div role="status" aria-live="polite" className={`rounded-xl border-l-4 p-5 ${toneClass[outcome.tone]}`}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {isSettling(order.state) ? (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 animate-spin">
            <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="4" className="opacity-25" />
            <path d="M22 12a10 10 0 0 0-10-10" fill="none" stroke="currentColor" strokeWidth="4" />
          </svg>
        ) : null}
        {outcome.title}
      </h2>
      {outcome.lines.map((line) => (
        <p key={line} className="mt-1">
          {line}
        </p>
      ))}
    </div>
  );
}
