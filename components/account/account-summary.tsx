import type { AccountResponse } from "@/lib/contract/retrieve-account";
import { formatCode, formatLongDate } from "@/lib/portal/format";
import { BalanceCard } from "./balance-card";

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
  return (
    <BalanceCard balance={account.balance?.amount}>
      <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-4 border-t border-slate-100 pt-5 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">Status</dt>
          <dd className="mt-1">
            {account.accountStatus ? (
              <span
                className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${
                  statusTone[account.accountStatus] ?? "bg-amber-50 text-amber-900 ring-amber-600/30"
                }`}
              >
                {formatCode(account.accountStatus)}
              </span>
            ) : (
              "Not available"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Account type</dt>
          <dd className="mt-1 font-medium">
            {account.accountType ? formatCode(account.accountType) : "Not available"}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Last activity</dt>
          <dd className="mt-1 font-medium">
            {account.lastActivityDate ? (
              <time dateTime={account.lastActivityDate}>{formatLongDate(account.lastActivityDate)}</time>
            ) : (
              "No activity yet"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Membership</dt>
          <dd className="mt-1 font-medium">
            {programmeName}{" "}
            <span className="block font-mono text-sm font-normal text-slate-600 sm:inline">{membershipNumber}</span>
          </dd>
        </div>
      </dl>
    </BalanceCard>
  );
}
