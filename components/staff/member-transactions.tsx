import { formatPoints, formatShortDate, isoDay } from "@/lib/portal/format";
import type { TransactionRow } from "@/lib/portal/transaction-rows";

/** The member's latest transactions (P3 as the agent), credits and debits told apart by word and sign. */
export function MemberTransactions({ rows, limit }: { rows: TransactionRow[]; limit: number }) {
  if (rows.length === 0) {
    return (
      <p role="status" className="px-4 py-6 text-sm text-slate-600 sm:px-6">
        No transactions yet.
      </p>
    );
  }
  return (
    <table className="w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">The {limit} latest transactions, latest first</caption>
      <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <tr>
          <th scope="col" className="w-24 px-3 py-2 sm:w-32 sm:px-6">
            Date
          </th>
          <th scope="col" className="px-3 py-2 sm:px-6">
            Details
          </th>
          <th scope="col" className="w-28 px-3 py-2 text-right sm:w-32 sm:px-6">
            Points
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={`${row.kind}-${row.identifier}`} data-kind={row.kind}>
            <td className="px-3 py-2 align-top text-slate-700 sm:px-6">
              <time dateTime={isoDay(row.dateMade)}>{formatShortDate(row.dateMade)}</time>
            </td>
            <td className="px-3 py-2 align-top break-words sm:px-6">
              <span className="block font-medium text-slate-900">{row.description}</span>
              <span className="block text-xs text-slate-600">
                {row.kind === "credit" ? "Credit" : "Debit"}
                {row.reference ? ` · Ref. ${row.reference}` : ""}
                {row.source ? ` · From ${row.source}` : ""}
              </span>
            </td>
            <td
              className={`px-3 py-2 text-right align-top font-semibold whitespace-nowrap tabular-nums sm:px-6 ${
                row.kind === "credit" ? "text-emerald-700" : "text-rose-700"
              }`}
            >
              {row.kind === "credit" ? "+" : "\u2212"}
              {formatPoints(row.points)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
