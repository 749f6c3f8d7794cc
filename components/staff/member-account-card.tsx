import type { AccountResponse } from "@/lib/contract/retrieve-account";
import { AccountFact, BalanceCard } from "@/components/account/balance-card";
import { formatCode, formatLongDate } from "@/lib/i18n/format";

/** The member's balance and account facts (P2, read as the agent). */
export function MemberAccountCard({ account }: { account: AccountResponse }) {
  return (
    <BalanceCard balance={account.balance?.amount} compact testId="member-balance">
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <AccountFact term="Status" compact>
          {account.accountStatus ? formatCode(account.accountStatus) : "Not available"}
        </AccountFact>
        <AccountFact term="Account type" compact>
          {account.accountType ? formatCode(account.accountType) : "Not available"}
        </AccountFact>
        <AccountFact term="Last activity" compact wide>
          {account.lastActivityDate ? formatLongDate(account.lastActivityDate) : "None yet"}
        </AccountFact>
      </dl>
    </BalanceCard>
  );
}
