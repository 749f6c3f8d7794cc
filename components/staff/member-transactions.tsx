import { TransactionRowsTable } from "@/components/transactions/transaction-rows-table";
import type { TransactionRow } from "@/lib/portal/transaction-rows";

/**
 * The member's latest transactions (P3 as the agent), credits and debits told
 * apart by word and sign; a shop order's debit or return named by its product
 * and linked to the order's page in the console, not by its reference code.
 */
export function MemberTransactions({
  rows,
  limit,
  membershipNumber,
}: {
  rows: TransactionRow[];
  limit: number;
  membershipNumber: string;
}) {
  if (rows.length === 0) {
    return (
      <p role="status" className="px-4 py-6 text-sm text-slate-600 sm:px-6">
        No transactions yet.
      </p>
    );
  }
  return (
    <TransactionRowsTable
      rows={rows}
      caption={`The ${limit} latest transactions, latest first`}
      compact
      orderHref={(orderId) => `/staff/members/${membershipNumber}/orders/${encodeURIComponent(orderId)}`}
    />
  );
}
