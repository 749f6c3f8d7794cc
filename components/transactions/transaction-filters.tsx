import Link from "next/link";
import { useTranslations } from "next-intl";
import type { FilterProblem, TransactionFilters } from "@/lib/portal/transaction-paging";

export interface TransactionFiltersProps {
  filters: TransactionFilters;
  problems: FilterProblem[];
  /** Latest selectable day (today, UTC). */
  maxDay: string;
}

const inputStyle =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-[invalid=true]:border-rose-600";

/**
 * Date filters as a plain GET form: it works without JavaScript and the
 * resulting address (/transactions?from=…&to=…) can be shared. Both days
 * are inclusive; the page turns "to" into the API's exclusive date-made-to.
 */
export function TransactionFiltersForm({ filters, problems, maxDay }: TransactionFiltersProps) {
  const t = useTranslations("transactions.filters");
  const problemOf = (field: FilterProblem["field"]) => problems.find((problem) => problem.field === field);
  const field = (name: "from" | "to", label: string) => {
    const problem = problemOf(name);
    return (
      <div className="min-w-0 flex-1">
        <label htmlFor={`filter-${name}`} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          id={`filter-${name}`}
          name={name}
          type="date"
          max={maxDay}
          defaultValue={filters[name] ?? ""}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `filter-${name}-problem` : undefined}
          className={inputStyle}
        />
        {problem ? (
          <p id={`filter-${name}-problem`} className="mt-1 text-sm text-rose-700">
            {t(`problems.${problem.kind}`, { field: name })}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      method="get"
      action="/transactions"
      aria-label={t("label")}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {field("from", t("from"))}
        {field("to", t("to"))}
        <div className="flex gap-3 sm:pt-6">
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            {t("show")}
          </button>
          {filters.from || filters.to ? (
            <Link
              href="/transactions"
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
            >
              {t("clear")}
            </Link>
          ) : null}
        </div>
      </div>
    </form>
  );
}
