"use client";

import { useId, useState } from "react";
import type { PriceOption } from "@/lib/contract/product-pricing";
import { formatPoints } from "@/lib/portal/format";
import { formatMoney, formatValuePerPoint, priceChoices, type PriceChoice } from "@/lib/shop/price-choices";

export interface PriceOptionsProps {
  productId: string;
  quoteId: string;
  price: { minor: number; currency: string };
  balance: number | undefined;
  options: PriceOption[];
}

/**
 * How the member pays: one radio per option of the quote plus all in cash.
 * Nothing is chosen until the member chooses (points are opt-in); options
 * the balance does not cover stay visible but disabled, saying what is missing.
 */
export function PriceOptions({ productId, quoteId, price, balance, options }: PriceOptionsProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const headingId = useId();
  const hintId = useId();
  const choices = priceChoices(options, price, balance);
  // A point's value, said once above the options when they share it (as the partner's options usually do).
  const values = new Set(
    choices.flatMap((choice) =>
      choice.valuePerPointMinor === undefined ? [] : [formatValuePerPoint(choice.valuePerPointMinor, choice.currency)],
    ),
  );
  const sharedValue = values.size === 1 ? [...values][0] : undefined;

  return (
    <form method="get" action={`/shop/${encodeURIComponent(productId)}/checkout`} className="space-y-4">
      <input type="hidden" name="quote" value={quoteId} />
      <h2 id={headingId} className="text-lg font-semibold">
        Price options
      </h2>
      {options.length === 0 ? (
        <p role="status" className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          Your balance does not cover any points option for this product. You can still pay in cash.
        </p>
      ) : null}
      {sharedValue ? (
        <p className="text-sm text-slate-700">Each point is worth {sharedValue} on this product.</p>
      ) : null}
      <div role="radiogroup" aria-labelledby={headingId} aria-describedby={hintId} className="space-y-2">
        {choices.map((choice) => (
          <ChoiceRow
            key={choice.id}
            choice={choice}
            checked={chosen === choice.id}
            onChoose={setChosen}
            showValue={!sharedValue}
          />
        ))}
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {chosen === null ? "Choose how you would like to pay." : "You can change your choice until you pay."}
      </p>
      {chosen !== null ? (
        <button
          type="submit"
          className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 sm:w-auto"
        >
          Continue to payment
        </button>
      ) : null}
    </form>
  );
}

function ChoiceRow({
  choice,
  checked,
  onChoose,
  showValue,
}: {
  choice: PriceChoice;
  checked: boolean;
  onChoose: (id: string) => void;
  /** Each option's value per point, when the options do not share one. */
  showValue: boolean;
}) {
  const inputId = useId();
  const detailId = useId();
  const label =
    choice.points === 0
      ? `Pay all in cash: ${formatMoney(choice.cashMinor, choice.currency)}`
      : choice.cashMinor === 0
        ? `${formatPoints(choice.points)} points, no card payment`
        : `${formatPoints(choice.points)} points + ${formatMoney(choice.cashMinor, choice.currency)}`;
  return (
    <div
      className={`flex gap-3 rounded-xl border p-3 ${
        !choice.affordable
          ? "border-slate-200 bg-slate-50 text-slate-500"
          : checked
            ? "border-brand-600 bg-brand-50"
            : "border-slate-300 bg-white"
      }`}
    >
      <input
        id={inputId}
        type="radio"
        name="option"
        value={choice.id}
        checked={checked}
        disabled={!choice.affordable}
        onChange={() => onChoose(choice.id)}
        aria-describedby={detailId}
        className="mt-1 size-5 shrink-0 accent-brand-600"
      />
      <div className="min-w-0">
        <label htmlFor={inputId} className="font-medium">
          {label}
        </label>
        <p id={detailId} className="text-sm text-slate-600">
          {choice.valuePerPointMinor === undefined
            ? "No points used · "
            : showValue
              ? `${formatValuePerPoint(choice.valuePerPointMinor, choice.currency)} per point · `
              : null}
          {choice.balanceAfter !== undefined
            ? `balance after: ${formatPoints(Math.max(0, choice.balanceAfter))} points`
            : null}
          {!choice.affordable ? (
            <span className="block font-medium text-rose-800">
              You need {formatPoints(choice.missingPoints)} more points
            </span>
          ) : null}
        </p>
      </div>
    </div>
  );
}
