"use client";

import { useTranslations } from "next-intl";
import { useState, useSyncExternalStore } from "react";
import { isTestCardOutcome, type TestCard } from "@/lib/payments-contract/test-cards";
import { Button } from "@/components/ui/button";
import { focusRing } from "@/components/ui/focus-ring";

/** "4242424242424242" → "4242 4242 4242 4242", as printed on cards. */
function grouped(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}

const wideQuery = "(min-width: 768px)";

/** Wide unless the browser says otherwise (a browser without matchMedia shows the list open). */
const isWide = () => (typeof window.matchMedia === "function" ? window.matchMedia(wideQuery).matches : true);

function subscribeToWidth(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const query = window.matchMedia(wideQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * The sandbox's test cards (sandbox.json `paymentTestCards`, handed in by the page) and what each
 * does. Open on a wide screen, folded on a phone (so it never pushes the
 * card form down); a click on a card fills the form with it (`onPick`).
 */
export function TestCardsTable({ cards, onPick }: { cards: readonly TestCard[]; onPick?: (number: string) => void }) {
  const t = useTranslations("testCards");
  const wide = useSyncExternalStore(subscribeToWidth, isWide, () => true);
  const [chosen, setChosen] = useState<boolean | undefined>();
  const open = chosen ?? wide;
  return (
    <details
      open={open}
      onToggle={(event) => {
        const now = event.currentTarget.open;
        if (now !== open) setChosen(now);
      }}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <summary className={`cursor-pointer rounded text-base font-semibold text-slate-900 ${focusRing}`}>
        <h2 className="inline">{t("title")}</h2>
      </summary>
      <p className="mt-1 text-sm text-slate-700">{onPick ? t("introPick") : t("introUse")}</p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-amber-300">
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t("number")}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t("whatHappens")}
              </th>
            </tr>
          </thead>
          <tbody>
            {cards.map((card) => (
              <tr key={card.number} className="border-b border-amber-200 last:border-0">
                <td className="py-2 pr-3 align-top font-mono whitespace-nowrap">
                  {onPick ? (
                    <Button variant="link" onClick={() => onPick(card.number)}>
                      {grouped(card.number)}
                    </Button>
                  ) : (
                    grouped(card.number)
                  )}
                </td>
                <td className="py-2 align-top">
                  {isTestCardOutcome(card.outcome) ? t(`outcomes.${card.outcome}`) : card.outcome}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
