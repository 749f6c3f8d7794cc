import { useLocale, useTranslations } from "next-intl";
import type { AccountResponse } from "@/lib/contract/retrieve-account";
import { formatCode, formatLongDate } from "@/lib/i18n/format";
import { AccountFact, BalanceCard } from "./balance-card";

export interface AccountSummaryProps {
  account: AccountResponse;
  programmeName: string;
  membershipNumber: string;
}

const statusTone: Record<string, string> = {
  ACTIVE: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
};

/** The member's balance and account facts (P2), as the account page shows them. */
export function AccountSummary({ account, programmeName, membershipNumber }: AccountSummaryProps) {
  const t = useTranslations("account");
  const locale = useLocale();
  // Known codes in the page's words; a status the spec does not list is shown as the service wrote it.
  const status = (code: string) => {
    const key = `statuses.${code}` as "statuses.ACTIVE";
    return t.has(key) ? t(key) : formatCode(code);
  };
  return (
    <BalanceCard balance={account.balance?.amount}>
      <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-4 border-t border-slate-100 pt-5 sm:grid-cols-2">
        <AccountFact term={t("status")}>
          {account.accountStatus ? (
            <span
              className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${
                statusTone[account.accountStatus] ?? "bg-amber-50 text-amber-900 ring-amber-600/30"
              }`}
            >
              {status(account.accountStatus)}
            </span>
          ) : (
            t("notAvailable")
          )}
        </AccountFact>
        <AccountFact term={t("accountType")}>
          {account.accountType ? t(`types.${account.accountType}`) : t("notAvailable")}
        </AccountFact>
        <AccountFact term={t("lastActivity")}>
          {account.lastActivityDate ? (
            <time dateTime={account.lastActivityDate}>{formatLongDate(account.lastActivityDate, locale)}</time>
          ) : (
            t("noActivity")
          )}
        </AccountFact>
        <AccountFact term={t("membership")}>
          {programmeName}{" "}
          <span className="block font-mono text-sm font-normal text-slate-600 sm:inline">{membershipNumber}</span>
        </AccountFact>
      </dl>
    </BalanceCard>
  );
}
