import type { AccountResponse } from "@/lib/contract/retrieve-account";
import { BalanceCard } from "@/components/account/balance-card";
import { formatCode, formatLongDate } from "@/lib/portal/format";

/** The member's balance and account facts (P2, read as the agent). */
export function MemberAccountCard({ account }: { account: AccountResponse }) {
  return (
    <BalanceCard balance={account.balance?.amount} compact testId="member-balance">
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
    </BalanceCard>
  );
}
