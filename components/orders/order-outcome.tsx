import { useLocale, useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { messageSentence } from "./timeline-sentence";
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
  /** Nothing was bought and the member may want it still: back to the product, at the same split. */
  tryAgain?: boolean;
}

/** The product's page with the split the order had, for the slider to start on it. */
export function tryAgainHref(order: Pick<OrderView, "productId" | "points">): string {
  return `/shop/${encodeURIComponent(order.productId)}?points=${order.points}`;
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
        tryAgain: true,
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
          lines: [lastSentence(order, t, locale) ?? t("outcome.nothingDebitedOrCharged")],
          tone: "neutral",
          tryAgain: true,
        };
      if (paymentFailed(order))
        return {
          title: t("outcome.failedTitle"),
          lines: [`${failure} ${t("outcome.nothingTaken", amounts)}`],
          tone: "neutral",
          tryAgain: true,
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

/**
 * The last step's sentence, which says why the order did not go through: in
 * the page's language when the step carries a message; an older step's
 * English sentence only on an English page.
 */
function lastSentence(order: OrderView, t: OrdersTranslator, locale: string): string | undefined {
  const last = order.timeline.at(-1);
  if (!last) return undefined;
  if (last.message) return messageSentence(last.message, t, locale);
  return locale === "en" ? last.description : undefined;
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
      {outcome.tryAgain ? (
        <ButtonLink href={tryAgainHref(order)} variant="primary" className="mt-3">
          {t("outcome.tryAgain")}
        </ButtonLink>
      ) : null}
    </div>
  );
}
