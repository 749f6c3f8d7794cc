import type { AccountResponse } from "@/lib/contract/retrieve-account";
import { formatCode, formatLongDate, formatPoints } from "@/lib/portal/format";

/** The member's balance and account facts (P2, read as the agent). */
export function MemberAccountCard({ account }: { account: AccountResponse }) {
  const balance = account.balance?.amount;
  return (
    <section
      aria-labelledby="balance-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="balance-heading" className="text-sm font-medium text-slate-600">
        Points balance
      </h2>
      <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900" data-testid="member-balance">
        {balance === undefined ? (
          <span className="text-xl font-semibold text-slate-500">Not available</span>
        ) : (
          <>
            <data value={balance}>{formatPoints(balance)}</data>{" "}
            <span className="text-base font-semibold text-slate-600">points</span>
          </>
        )}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd className="mt-0.5 font-medium">
            {account.accountStatus ? formatCode(account.accountStatus) : "Not available"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Account type</dt>
          <dd className="mt-0.5 font-medium">
            {account.accountType ? formatCode(account.accountType) : "Not available"}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-600">Last activity</dt>
          <dd className="mt-0.5 font-medium">
            {account.lastActivityDate ? formatLongDate(account.lastActivityDate) : "None yet"}
          </dd>
        </div>
      </dl>
    </section>
  );
}
