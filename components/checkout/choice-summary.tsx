import { useLocale, useTranslations } from "next-intl";
import { formatPoints } from "@/lib/i18n/format";
import { formatMoney } from "@/lib/shop/price-choices";
import { legValues, type CheckoutTranslator } from "./pay-label";
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
export function choiceSentence(
  points: number,
  cashMinor: number,
  currency: string,
  words: { t: CheckoutTranslator; locale: string },
): string {
  return words.t("choice", legValues(cashMinor, currency, points, words.locale));
}

/** The confirmation of what the member is about to pay, leg by leg. */
export function ChoiceSummary({ productName, points, cashMinor, currency, heldUntil }: ChoiceSummaryProps) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  return (
    <section aria-labelledby="choice-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="choice-heading" className="text-lg font-semibold">
        {t("yourOrder")}
      </h2>
      <p className="mt-1 font-medium text-slate-900">{choiceSentence(points, cashMinor, currency, { t, locale })}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600">{t("product")}</dt>
        <dd className="font-medium">{productName}</dd>
        <dt className="text-slate-600">{t("points")}</dt>
        <dd className="font-medium">{points === 0 ? t("noPoints") : formatPoints(points, locale)}</dd>
        <dt className="text-slate-600">{t("byCard")}</dt>
        <dd className="font-medium">
          {cashMinor === 0 ? t("nothingByCard") : formatMoney(cashMinor, currency, locale)}
        </dd>
        <dt className="text-slate-600">{t("priceHeld")}</dt>
        <dd className="font-medium">
          <QuoteCountdown heldUntil={heldUntil} />
        </dd>
      </dl>
      <p className="mt-3 text-sm text-slate-600">{t("nothingUntilPaid")}</p>
    </section>
  );
}
