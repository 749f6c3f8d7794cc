import { formatPoints } from "@/lib/portal/format";
import { formatMoney } from "@/lib/shop/price-choices";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import {
  cardWords,
  isSettling,
  paymentFailed,
  paymentFailureSentence,
  wasCancelledAfterCompletion,
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

const points = (amount: number) => `${formatPoints(amount)} ${amount === 1 ? "point" : "points"}`;

/** "refunding £90.00 to your card and returning your 9,000 points". */
function undoing(order: OrderView, cash: string): string {
  return [
    order.cashMinor > 0 ? `refunding ${cash} to your card` : "",
    order.points > 0 ? `returning your ${points(order.points)}` : "",
  ]
    .filter(Boolean)
    .join(" and ");
}

/** What happened to the order, in a sentence or two, for each state the saga can leave it in. */
export function orderOutcome(order: OrderView, balance: number | null | undefined): Outcome {
  const cash = formatMoney(order.cashMinor, order.currency);
  const balanceLine = typeof balance === "number" ? [`Your balance is ${points(balance)}.`] : [];
  const legs =
    order.points > 0 && order.cashMinor > 0
      ? `${points(order.points)} and ${cash}`
      : order.points > 0
        ? points(order.points)
        : cash;
  switch (order.state) {
    case "completed":
      return {
        title: "Your order is complete",
        lines: [order.card ? `We took ${legs}, paid with your ${cardWords(order.card)}.` : `We took ${legs}.`],
        tone: "success",
      };
    case "points_returned":
      return {
        title: "Your payment failed",
        lines: [`${paymentFailureSentence(order)} Your ${points(order.points)} are back.`, ...balanceLine],
        tone: "returned",
      };
    case "payment_failed":
    case "reversing":
      return {
        title: "Your payment failed",
        lines: [
          order.points > 0
            ? `${paymentFailureSentence(order)} We are returning your ${points(order.points)}; this page updates by itself.`
            : `${paymentFailureSentence(order)} Nothing was charged.`,
        ],
        tone: "returned",
      };
    case "cancelling":
      return {
        title: "Cancelling your order",
        lines: [`We are ${undoing(order, cash)}. This page updates by itself.`],
        tone: "pending",
      };
    case "cancelled":
      if (!wasCancelledAfterCompletion(order) && !paymentFailed(order))
        return {
          title: "Your order did not go through",
          lines: [order.timeline.at(-1)?.description ?? "Nothing was debited or charged."],
          tone: "neutral",
        };
      if (paymentFailed(order))
        return {
          title: "Your payment failed",
          lines: [
            `${paymentFailureSentence(order)} Nothing was charged${order.points > 0 ? " and no points were taken" : ""}.`,
          ],
          tone: "neutral",
        };
      return {
        title: "This order is cancelled",
        lines: [
          [
            order.cashMinor > 0 ? `${cash} is refunded to your card` : "",
            order.points > 0 ? `your ${points(order.points)} are back` : "",
          ]
            .filter(Boolean)
            .join(" and ")
            .replace(/^./, (first) => first.toUpperCase()) + ".",
          ...(order.points > 0 ? balanceLine : []),
        ],
        tone: "neutral",
      };
    case "declined":
      return {
        title: "Your card was declined",
        lines: [
          "No points were used and nothing was charged. You can choose the product again and pay with another card.",
        ],
        tone: "neutral",
      };
    case "voiding":
      return {
        title: "Your payment failed",
        lines: [
          order.points > 0
            ? `${paymentFailureSentence(order)} We are returning your ${points(order.points)}; this page updates by itself.`
            : `${paymentFailureSentence(order)} Nothing was charged.`,
        ],
        tone: "returned",
      };
    case "needs_attention":
      return {
        title: "This order needs attention",
        lines: [
          "Something went wrong while we settled this order. Our team has been told and will put it right: nothing is taken twice, and you do not need to pay again.",
        ],
        tone: "attention",
      };
    default:
      return {
        title: "Confirming payment",
        lines: [
          `We are confirming your payment of ${legs} with your bank. This page updates by itself; you do not need to pay again.`,
        ],
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
  const outcome = orderOutcome(order, balance);
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
