import Link from "next/link";
import { formatPoints, formatShortDate, isoDay } from "@/lib/portal/format";
import type { ShopMovement, TransactionRow } from "@/lib/portal/transaction-rows";

export interface TransactionsTableProps {
  rows: TransactionRow[];
  page: number;
  /** Links to the neighbouring pages; absent when there is none. */
  previousHref?: string;
  nextHref?: string;
  /** Whether date filters are applied (the empty state says so). */
  filtered: boolean;
  /** What the empty state offers: clearing the dates, or going back to the first page. */
  emptyAction?: { href: string; label: string };
  /** Shown under the table, e.g. the primary programme's 20-record limit. */
  note?: string;
}

const kindStyle = {
  credit: {
    label: "Credit",
    sign: "+",
    amount: "text-emerald-700",
    badge: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  },
  debit: {
    label: "Debit",
    sign: "\u2212",
    amount: "text-rose-700",
    badge: "bg-rose-50 text-rose-800 ring-rose-600/30",
  },
} as const;

const linkStyle =
  "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
const disabledStyle =
  "inline-flex min-h-11 items-center rounded-lg border border-slate-200 px-4 text-sm font-medium text-slate-400";

/** A shop order's movement: the product, what happened to the points, and the order it belongs to. */
function ShopMovementDetails({ movement }: { movement: ShopMovement }) {
  const used = movement.movement === "points_used";
  return (
    <>
      <span className="block font-medium break-words text-slate-900">
        {used ? movement.productName : `Points returned: ${movement.productName}`}
      </span>
      <span className="mt-0.5 block text-xs break-words text-slate-600">
        {used ? "Points used for " : "Returns the points used for "}
        <Link
          href={`/orders/${encodeURIComponent(movement.id)}`}
          className="rounded text-brand-700 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          order {movement.orderNumber}
        </Link>
        {!used && movement.debitedAt ? <> on {formatShortDate(movement.debitedAt)}</> : null}
      </span>
    </>
  );
}

/** A page of the member's history: credits and debits told apart by label, sign and colour. */
export function TransactionsTable({
  rows,
  page,
  previousHref,
  nextHref,
  filtered,
  emptyAction,
  note,
}: TransactionsTableProps) {
  return (
    <section aria-labelledby="history-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id="history-heading" className="sr-only">
        Transaction history
      </h2>
      {rows.length === 0 ? (
        <div role="status" className="px-5 py-12 text-center">
          <p className="text-base font-semibold text-slate-900">
            {page > 1 ? "No more transactions" : filtered ? "No transactions in these dates" : "No transactions yet"}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {page > 1
              ? "You have reached the end of your history."
              : filtered
                ? "Try a wider date range."
                : "Points you earn and spend will show here."}
          </p>
          {emptyAction ? (
            <Link href={emptyAction.href} className={`${linkStyle} mt-4`}>
              {emptyAction.label}
            </Link>
          ) : null}
        </div>
      ) : (
        <table className="w-full table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">Transactions, page {page}, latest first</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="w-24 px-3 py-3 sm:w-36 sm:px-5">
                Date
              </th>
              <th scope="col" className="px-3 py-3 sm:px-5">
                Details
              </th>
              <th scope="col" className="w-28 px-3 py-3 text-right sm:w-36 sm:px-5">
                Points
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => {
              const style = kindStyle[row.kind];
              return (
                <tr key={`${row.kind}-${row.identifier}`} data-kind={row.kind}>
                  <td className="px-3 py-3 align-top text-slate-700 sm:px-5 sm:whitespace-nowrap">
                    <time dateTime={isoDay(row.dateMade)}>{formatShortDate(row.dateMade)}</time>
                  </td>
                  <td className="px-3 py-3 align-top sm:px-5">
                    {row.order ? (
                      <ShopMovementDetails movement={row.order} />
                    ) : (
                      <>
                        <span className="block font-medium break-words text-slate-900">{row.description}</span>
                        <span className="mt-0.5 block text-xs break-words text-slate-600">
                          {row.reference ? <>Ref. {row.reference}</> : null}
                          {row.reference && row.source ? " · " : null}
                          {row.source ? <>From {row.source}</> : null}
                        </span>
                      </>
                    )}
                  </td>
                  <td className="px-3 py-3 text-right align-top sm:px-5">
                    <span className={`block font-semibold whitespace-nowrap tabular-nums ${style.amount}`}>
                      {style.sign}
                      {formatPoints(row.points)}
                    </span>
                    <span
                      className={`mt-1 inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style.badge}`}
                    >
                      {style.label}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {/* A pager only when there is somewhere to go: an empty first page has none. */}
      {previousHref || nextHref || note ? (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-3 py-3 sm:px-5">
          {previousHref || nextHref ? (
            <nav aria-label="Transaction pages" className="flex w-full items-center justify-between gap-3">
              {previousHref ? (
                <Link href={previousHref} className={linkStyle} rel="prev">
                  <span aria-hidden="true">←&nbsp;</span>Previous
                </Link>
              ) : (
                <span className={disabledStyle} aria-disabled="true">
                  <span aria-hidden="true">←&nbsp;</span>Previous
                </span>
              )}
              <span className="text-sm text-slate-600">Page {page}</span>
              {nextHref ? (
                <Link href={nextHref} className={linkStyle} rel="next">
                  Next<span aria-hidden="true">&nbsp;→</span>
                </Link>
              ) : (
                <span className={disabledStyle} aria-disabled="true">
                  Next<span aria-hidden="true">&nbsp;→</span>
                </span>
              )}
            </nav>
          ) : null}
          {note ? <p className="w-full text-xs text-slate-600">{note}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
