import { useLocale, useTranslations } from "next-intl";
import { formatNumericDate } from "@/lib/i18n/format";
import type { FilterProblem, TransactionFilters } from "@/lib/portal/transaction-paging";
import { TextField } from "@/components/forms/text-field";
import { Button, ButtonLink } from "@/components/ui/button";

export interface TransactionFiltersProps {
  filters: TransactionFilters;
  problems: FilterProblem[];
  /** Latest selectable day (today, UTC). */
  maxDay: string;
}

/**
 * Date filters as a plain GET form: it works without JavaScript and the
 * resulting address (/transactions?from=…&to=…) can be shared. Both days
 * are inclusive; the page turns "to" into the API's exclusive date-made-to.
 */
export function TransactionFiltersForm({ filters, problems, maxDay }: TransactionFiltersProps) {
  const t = useTranslations("transactions.filters");
  // A date that did not read is answered with one written as the member's language writes it.
  const example = formatNumericDate("2026-01-31", useLocale());
  const problemOf = (field: FilterProblem["field"]) => problems.find((problem) => problem.field === field);
  const field = (name: "from" | "to", label: string) => {
    const problem = problemOf(name);
    return (
      <TextField
        name={name}
        label={label}
        type="date"
        max={maxDay}
        defaultValue={filters[name] ?? ""}
        error={problem ? t(`problems.${problem.kind}`, { field: name, example }) : undefined}
        className="min-w-0 flex-1"
      />
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
          <Button type="submit" variant="primary">
            {t("show")}
          </Button>
          {filters.from || filters.to ? (
            <ButtonLink href="/transactions" variant="secondary">
              {t("clear")}
            </ButtonLink>
          ) : null}
        </div>
      </div>
    </form>
  );
}
