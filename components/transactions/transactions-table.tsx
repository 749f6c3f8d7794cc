import { useTranslations } from "next-intl";
import type { PagePosition } from "@/lib/portal/transaction-paging";
import type { TransactionRow } from "@/lib/portal/transaction-rows";
import { TransactionRowsTable } from "./transaction-rows-table";
import { buttonStyles, ButtonLink } from "@/components/ui/button";

export interface TransactionsTableProps {
  rows: TransactionRow[];
  page: number;
  /** Where the page is among the history's pages, when known. */
  position?: PagePosition;
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

const disabledStyle = buttonStyles({ variant: "secondary" });

/** A page of the member's history: credits and debits told apart by label, sign and colour. */
export function TransactionsTable({
  rows,
  page,
  position,
  previousHref,
  nextHref,
  filtered,
  emptyAction,
  note,
}: TransactionsTableProps) {
  const t = useTranslations("transactions.history");
  return (
    <section aria-labelledby="history-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id="history-heading" className="sr-only">
        {t("heading")}
      </h2>
      {rows.length === 0 ? (
        <div role="status" className="px-5 py-12 text-center">
          <p className="text-base font-semibold text-slate-900">
            {page > 1 ? t("noMoreTitle") : filtered ? t("noneInDatesTitle") : t("noneYetTitle")}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {page > 1 ? t("noMoreText") : filtered ? t("noneInDatesText") : t("noneYetText")}
          </p>
          {emptyAction ? (
            <ButtonLink href={emptyAction.href} variant="secondary" className="mt-4">
              {emptyAction.label}
            </ButtonLink>
          ) : null}
        </div>
      ) : (
        <TransactionRowsTable rows={rows} caption={t("caption", { page })} />
      )}

      {/* A pager only when there is somewhere to go: an empty first page has none. */}
      {previousHref || nextHref || note ? (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-3 py-3 sm:px-5">
          {previousHref || nextHref ? (
            <nav aria-label={t("pages")} className="flex w-full flex-wrap items-center justify-between gap-3">
              {previousHref ? (
                <ButtonLink href={previousHref} rel="prev" variant="secondary">
                  <span aria-hidden="true">←&nbsp;</span>
                  {t("previous")}
                </ButtonLink>
              ) : (
                <span className={disabledStyle} aria-disabled="true">
                  <span aria-hidden="true">←&nbsp;</span>
                  {t("previous")}
                </span>
              )}
              <span className="text-sm text-slate-600">
                {position
                  ? t(position.more ? "pageOfMore" : "page", { page, pages: position.pages })
                  : t("pageAlone", { page })}
              </span>
              {nextHref ? (
                <ButtonLink href={nextHref} rel="next" variant="secondary">
                  {t("next")}
                  <span aria-hidden="true">&nbsp;→</span>
                </ButtonLink>
              ) : (
                <span className={disabledStyle} aria-disabled="true">
                  {t("next")}
                  <span aria-hidden="true">&nbsp;→</span>
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
