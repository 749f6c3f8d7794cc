import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { formatPoints } from "@/lib/i18n/format";

/**
 * A points balance with the account's facts below it (P2): the member's
 * account page shows it large, the staff console's member page compact.
 */
export function BalanceCard({
  balance,
  compact = false,
  testId,
  children,
}: {
  balance: number | undefined;
  compact?: boolean;
  /** The balance's test id, for pages whose tests read the figure alone. */
  testId?: string;
  /** The account's facts (a `<dl>`). */
  children: ReactNode;
}) {
  const t = useTranslations("account");
  const locale = useLocale();
  return (
    <section
      aria-labelledby="balance-heading"
      className={`rounded-xl border border-slate-200 bg-white shadow-sm sm:p-6 ${compact ? "p-4" : "p-5"}`}
    >
      <h2 id="balance-heading" className="text-sm font-medium text-slate-600">
        {t("balance")}
      </h2>
      <p
        className={`mt-1 font-bold tracking-tight text-slate-900 ${compact ? "text-3xl" : "text-4xl sm:text-5xl"}`}
        data-testid={testId}
      >
        {balance === undefined ? (
          <span className={`font-semibold text-slate-500 ${compact ? "text-xl" : "text-2xl"}`}>
            {t("notAvailable")}
          </span>
        ) : (
          <>
            {t.rich("balanceFigure", {
              count: balance,
              figure: () => <data value={balance}>{formatPoints(balance, locale)}</data>,
              unit: (chunks) => (
                <span className={`font-semibold text-slate-600 ${compact ? "text-base" : "text-lg"}`}>{chunks}</span>
              ),
            })}
          </>
        )}
      </p>
      {children}
    </section>
  );
}

/** One fact of the account under the balance (a term and its value); `wide` spans both columns. */
export function AccountFact({
  term,
  compact = false,
  wide = false,
  children,
}: {
  term: string;
  compact?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <dt className={compact ? "text-slate-600" : "text-sm text-slate-600"}>{term}</dt>
      <dd className={compact ? "mt-0.5 font-medium" : "mt-1 font-medium"}>{children}</dd>
    </div>
  );
}
