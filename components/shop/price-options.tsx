"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type ChangeEvent, type KeyboardEvent } from "react";
import type { PriceOption } from "@/lib/contract/product-pricing";
import { formatPoints } from "@/lib/i18n/format";
import {
  allowedStop,
  formatMoney,
  formatValuePerPoint,
  priceChoices,
  priceStops,
  sharedValuePerPoint,
  suggestedStop,
  type PriceChoice,
} from "@/lib/shop/price-choices";
import { Button } from "@/components/ui/button";
import { focusRing } from "@/components/ui/focus-ring";

export interface PriceOptionsProps {
  productId: string;
  quoteId: string;
  price: { minor: number; currency: string };
  balance: number | undefined;
  options: PriceOption[];
  /** The points of a split chosen before: the slider starts on the stop with them, when it is still there and covered. */
  startPoints?: number;
}

/** Every word the control shows or announces, in the page's language (messages' `shop.priceOptions`). */
function usePriceOptionsWords() {
  const t = useTranslations("shop.priceOptions");
  const locale = useLocale();
  const points = (amount: number) => formatPoints(amount, locale);
  const money = (choice: PriceChoice) => formatMoney(choice.cashMinor, choice.currency, locale);
  const stop = (choice: PriceChoice) =>
    choice.points === 0
      ? t("stopCash", { cash: money(choice) })
      : choice.cashMinor === 0
        ? t("stopPoints", { count: choice.points, figure: points(choice.points) })
        : t("stopBoth", { count: choice.points, figure: points(choice.points), cash: money(choice) });
  return {
    locale,
    heading: t("heading"),
    noPointsOption: t("noPointsOption"),
    pointValue: (value: string) => t("pointValue", { value }),
    perPoint: (value: string) => t("perPoint", { value }),
    allCashEnd: t("allCashEnd"),
    mostPointsEnd: t("mostPointsEnd"),
    /** A stop's name, shown and announced as the slider's value (aria-valuetext). */
    stop,
    balanceAfter: (amount: number) =>
      t("balanceAfter", { count: Math.max(0, amount), figure: points(Math.max(0, amount)) }),
    hint: t("hint"),
    notCovered: t("notCovered"),
    missing: (choice: PriceChoice) =>
      t("missing", { count: choice.missingPoints, figure: points(choice.missingPoints) }),
    blocked: (choice: PriceChoice) =>
      t("blocked", { stop: stop(choice), count: choice.missingPoints, figure: points(choice.missingPoints) }),
    continue: t("continue"),
    /** A stop named before what it lacks ("9,000 points + £90.00 by card:"). */
    listed: (choice: PriceChoice) => t("listed", { stop: stop(choice) }),
  };
}

/**
 * Where the slider starts: on the split the member chose before (coming back
 * through "Change how I pay"), when today's price still offers it and the
 * balance covers it; else on the suggested stop.
 */
export function startingStop(stops: PriceChoice[], startPoints: number | undefined): number {
  if (startPoints !== undefined) {
    const chosen = stops.findIndex((stop) => stop.points === startPoints && stop.affordable);
    if (chosen >= 0) return chosen;
  }
  return suggestedStop(stops);
}

/** A key's next stop, given the current one and the last. */
const stopKeys: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index) => index + 1,
  ArrowUp: (index) => index + 1,
  PageUp: (index) => index + 1,
  ArrowLeft: (index) => index - 1,
  ArrowDown: (index) => index - 1,
  PageDown: (index) => index - 1,
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * How the member splits the price: one slider from all cash to the most
 * points, a stop per priced option, starting at the suggested stop
 * (docs/decisions.md, "Shop, price options"). A native range input, so
 * arrows, Home/End, Page keys, pointer and touch all work as the platform
 * makes them; stops the balance does not cover stay on the scale but the
 * slider never rests on them, and the page says how many points are missing.
 */
export function PriceOptions({ productId, quoteId, price, balance, options, startPoints }: PriceOptionsProps) {
  const words = usePriceOptionsWords();
  const stops = priceStops(priceChoices(options, price, balance));
  const [index, setIndex] = useState(() => startingStop(stops, startPoints));
  const [blocked, setBlocked] = useState<PriceChoice | undefined>(undefined);
  const headingId = useId();
  const listId = useId();
  const hintId = useId();
  const summaryId = useId();
  const chosen = stops[index] ?? stops[0]!;
  const sharedValue = sharedValuePerPoint(stops);
  const uncovered = stops.filter((stop) => !stop.affordable);

  function moveTo(wanted: number) {
    const target = Math.min(Math.max(0, wanted), stops.length - 1);
    const landed = allowedStop(stops, target);
    setBlocked(landed === target ? undefined : stops[target]);
    setIndex(landed);
  }

  // The keys move by whole stops here rather than natively, so every browser
  // (and a test's keyboard) lands on the same stop and never on an uncovered one.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const wanted = stopKeys[event.key]?.(index, stops.length - 1);
    if (wanted === undefined) return;
    event.preventDefault();
    moveTo(wanted);
  }

  return (
    <form method="get" action={`/shop/${encodeURIComponent(productId)}/checkout`} className="space-y-4">
      <input type="hidden" name="quote" value={quoteId} />
      <input type="hidden" name="option" value={chosen.id} />
      <h2 id={headingId} className="text-lg font-semibold">
        {words.heading}
      </h2>
      {options.length === 0 ? (
        <p role="status" className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          {words.noPointsOption}
        </p>
      ) : null}
      {sharedValue !== undefined ? (
        <p className="text-sm text-slate-700">
          {words.pointValue(formatValuePerPoint(sharedValue, chosen.currency, words.locale))}
        </p>
      ) : null}
      {stops.length > 1 ? (
        <div>
          <input
            type="range"
            min={0}
            max={stops.length - 1}
            step={1}
            value={index}
            onChange={(event: ChangeEvent<HTMLInputElement>) => moveTo(Number(event.target.value))}
            onKeyDown={onKeyDown}
            list={listId}
            aria-labelledby={headingId}
            aria-valuetext={words.stop(chosen)}
            aria-describedby={`${summaryId} ${hintId}`}
            className={`block h-11 w-full cursor-pointer accent-brand-600 ${focusRing} focus-visible:ring-offset-2`}
          />
          <datalist id={listId}>
            {stops.map((stop, position) => (
              <option key={stop.id} value={position} label={words.stop(stop)} />
            ))}
          </datalist>
          <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
            <span>{words.allCashEnd}</span>
            <span>{words.mostPointsEnd}</span>
          </div>
        </div>
      ) : null}
      <div id={summaryId} className="rounded-xl border border-brand-600 bg-brand-50 p-3">
        <p className="font-semibold text-slate-900">{words.stop(chosen)}</p>
        <p className="text-sm text-slate-700">
          {chosen.balanceAfter !== undefined ? words.balanceAfter(chosen.balanceAfter) : null}
          {sharedValue === undefined && chosen.valuePerPointMinor !== undefined ? (
            <span className="block">
              {words.perPoint(formatValuePerPoint(chosen.valuePerPointMinor, chosen.currency, words.locale))}
            </span>
          ) : null}
        </p>
      </div>
      {/* Always in the page, so a screen reader announces the refusal when it fills. */}
      <p role="status" className="text-sm font-medium text-rose-800 empty:hidden">
        {blocked ? words.blocked(blocked) : null}
      </p>
      {uncovered.length > 0 ? (
        <div className="text-sm text-slate-600">
          <p>{words.notCovered}</p>
          <ul className="list-disc pl-5">
            {uncovered.map((stop) => (
              <li key={stop.id}>
                {words.listed(stop)} <span className="font-medium text-rose-800">{words.missing(stop)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {stops.length > 1 ? (
        <p id={hintId} className="text-sm text-slate-600">
          {words.hint}
        </p>
      ) : null}
      <Button type="submit" variant="primary" className="w-full sm:w-auto">
        {words.continue}
      </Button>
    </form>
  );
}
