import { useLocale, useTranslations } from "next-intl";
import { formatPoints, formatShortDate, isoDay } from "@/lib/i18n/format";
import { describePartnerEntry, nameSource } from "@/lib/portal/partner-words";
import type { TransactionRow } from "@/lib/portal/transaction-rows";
import { ShopMovementDetails } from "./shop-movement-details";

type TableTranslator = ReturnType<typeof useTranslations<"transactions">>;

/** A partner's description in the reader's words: a known code worded, a flight's airports named, else as sent. */
export function descriptionWords(description: string, t: TableTranslator): string {
  const words = describePartnerEntry(description);
  if (words.kind === "worded") return t(`descriptions.${words.key}`);
  if (words.kind === "flight") return t("descriptions.flight", { from: words.from, to: words.to });
  return words.text;
}

/** Who credited the points, named in the reader's words where the catalogue knows them. */
export function sourceWords(source: string, t: TableTranslator): string {
  const words = nameSource(source);
  return words.kind === "named" ? t(`sources.${words.key}`) : words.text;
}

const kindStyle = {
  credit: {
    sign: "+",
    amount: "text-emerald-700",
    badge: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  },
  debit: {
    sign: "\u2212",
    amount: "text-rose-700",
    badge: "bg-rose-50 text-rose-800 ring-rose-600/30",
  },
} as const;

/**
 * Transactions as the member's history and the staff console show them,
 * latest first: credits and debits told apart by label, sign and colour; a
 * shop order's movement named by its product and linked to its order.
 * `compact` is the console's denser spacing.
 */
export function TransactionRowsTable({
  rows,
  caption,
  compact = false,
  orderHref,
}: {
  rows: TransactionRow[];
  caption: string;
  compact?: boolean;
  /** Where a shop movement's order opens (the console's order page for staff); the member's by default. */
  orderHref?: (orderId: string) => string;
}) {
  const t = useTranslations("transactions.table");
  const words = useTranslations("transactions");
  const locale = useLocale();
  // Narrow screens: tight side padding and slim date and points columns, so the details keep most of the width.
  const cell = compact ? "px-2 py-2 sm:px-6" : "px-2 py-3 sm:px-5";
  return (
    <table className="w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <tr>
          <th scope="col" className={`w-20 sm:w-36 ${cell}`}>
            {t("date")}
          </th>
          <th scope="col" className={cell}>
            {t("details")}
          </th>
          <th scope="col" className={`w-24 text-right sm:w-36 ${cell}`}>
            {t("points")}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => {
          const style = kindStyle[row.kind];
          return (
            <tr key={`${row.kind}-${row.identifier}`} data-kind={row.kind}>
              <td className={`align-top text-slate-700 sm:whitespace-nowrap ${cell}`}>
                <time dateTime={isoDay(row.dateMade)}>{formatShortDate(row.dateMade, locale)}</time>
              </td>
              <td className={`align-top ${cell}`}>
                {row.order ? (
                  <ShopMovementDetails movement={row.order} orderHref={orderHref} />
                ) : (
                  <>
                    <span className="block font-medium break-words text-slate-900">
                      {descriptionWords(row.description, words)}
                    </span>
                    <span className="mt-0.5 block text-xs break-words text-slate-600">
                      {row.reference ? t("reference", { reference: row.reference }) : null}
                      {row.reference && row.source ? " · " : null}
                      {row.source ? t("source", { source: sourceWords(row.source, words) }) : null}
                    </span>
                  </>
                )}
              </td>
              <td className={`text-right align-top ${cell}`}>
                <span className={`block font-semibold whitespace-nowrap tabular-nums ${style.amount}`}>
                  {style.sign}
                  {formatPoints(row.points, locale)}
                </span>
                <span
                  className={`mt-1 inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style.badge}`}
                >
                  {t(row.kind)}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
