import { formatPoints } from "@/lib/portal/format";
import { formatMoney } from "@/lib/shop/price-choices";
import { QuoteCountdown } from "./quote-countdown";

export interface ChoiceSummaryProps {
  productName: string;
  points: number;
  cashMinor: number;
  currency: string;
  /** ISO 8601: when the quote stops holding. */
  heldUntil: string;
}

/** "You pay 9,000 points and £90.00 by card": both legs, before anything is taken. */
export function choiceSentence(points: number, cashMinor: number, currency: string): string {
  const cash = formatMoney(cashMinor, currency);
  if (points === 0) return `You pay ${cash} by card. No points are used.`;
  if (cashMinor === 0) return `You pay ${formatPoints(points)} points. No card payment is needed.`;
  return `You pay ${formatPoints(points)} points and ${cash} by card.`;
}

/** The confirmation of what the member is about to pay, leg by leg. */
export function ChoiceSummary({ productName, points, cashMinor, currency, heldUntil }: ChoiceSummaryProps) {
  return (
    <section aria-labelledby="choice-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="choice-heading" className="text-lg font-semibold">
        Your order
      </h2>
      <p className="mt-1 font-medium text-slate-900">{choiceSentence(points, cashMinor, currency)}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600">Product</dt>
        <dd className="font-medium">{productName}</dd>
        <dt className="text-slate-600">Points</dt>
        <dd className="font-medium">{points === 0 ? "None" : formatPoints(points)}</dd>
        <dt className="text-slate-600">By card</dt>
        <dd className="font-medium">{cashMinor === 0 ? "Nothing" : formatMoney(cashMinor, currency)}</dd>
        <dt className="text-slate-600">Price held</dt>
        <dd className="font-medium">
          <QuoteCountdown heldUntil={heldUntil} />
        </dd>
      </dl>
      <p className="mt-3 text-sm text-slate-600">Nothing is charged or debited until you pay.</p>
    </section>
  );
}
