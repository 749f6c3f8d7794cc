import type { AccountResponse } from "@/lib/contract/retrieve-account";
import { formatCode, formatLongDate, formatPoints } from "@/lib/portal/format";

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
  const balance = account.balance?.amount;
  return (
    <section
      aria-labelledby="balance-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="balance-heading" className="text-sm font-medium text-slate-600">
        Points balance
      </h2>
      <p className="mt-1 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
        {balance === undefined ? (
          <span className="text-2xl font-semibold text-slate-500">Not available</span>
        ) : (
          <>
            <data value={balance}>{formatPoints(balance)}</data>{" "}
            <span className="text-lg font-semibold text-slate-600">points</span>
          </>
        )}
      </p>

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
    </section>
  );
}
