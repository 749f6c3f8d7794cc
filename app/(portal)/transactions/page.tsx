import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ServiceProblem } from "@/components/portal/service-problem";
import { TransactionFiltersForm } from "@/components/transactions/transaction-filters";
import { TransactionsTable } from "@/components/transactions/transactions-table";
import { recordLimits } from "@/lib/contract/retrieve-transactions";
import { lastPage, parseTransactionSearch, transactionsHref } from "@/lib/portal/transaction-paging";
import { programmeName } from "@/lib/portal/sign-in-programmes";
import { requireMemberSession } from "@/server/portal/auth/member-session";
import { serviceFailure } from "@/server/portal/service-failure";
import {
  loadTransactionPage,
  transactionsVariant,
  type TransactionPage,
} from "@/server/portal/transactions/load-transactions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("transactions"))("title") };
}

type SearchParams = Record<string, string | string[] | undefined>;

export default async function TransactionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireMemberSession();
  const t = await getTranslations("transactions");
  const variant = transactionsVariant(session.programme);
  const { filters, problems } = parseTransactionSearch(await searchParams, variant);
  const heading = (
    <div className="mb-4">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("intro", { programme: programmeName(session.programme) })}</p>
    </div>
  );
  const form = (
    <TransactionFiltersForm filters={filters} problems={problems} maxDay={new Date().toISOString().slice(0, 10)} />
  );

  // Dates that cannot be sent are pointed out on the form rather than sent.
  if (problems.length > 0) {
    return (
      <>
        {heading}
        {form}
      </>
    );
  }

  let page: TransactionPage;
  try {
    page = await loadTransactionPage(session, filters);
  } catch (error) {
    const failure = await serviceFailure(error);
    return (
      <>
        {heading}
        {form}
        <div className="mt-4">
          <ServiceProblem {...failure} retryHref={transactionsHref(filters, filters.page)} />
        </div>
      </>
    );
  }

  const atLimit = !page.hasNext && filters.page === lastPage(variant);
  return (
    <>
      {heading}
      {form}
      <div className="mt-4">
        <TransactionsTable
          rows={page.rows}
          page={filters.page}
          previousHref={filters.page > 1 ? transactionsHref(filters, filters.page - 1) : undefined}
          nextHref={page.hasNext ? transactionsHref(filters, filters.page + 1) : undefined}
          filtered={Boolean(filters.from || filters.to)}
          emptyAction={
            filters.page > 1
              ? { href: transactionsHref(filters, 1), label: t("firstPage") }
              : filters.from || filters.to
                ? { href: transactionsHref({ page: 1 }, 1), label: t("clearDates") }
                : undefined
          }
          note={
            variant === "primary" && atLimit
              ? t("limitNote", { programme: programmeName(session.programme), count: recordLimits.primary })
              : undefined
          }
        />
      </div>
    </>
  );
}
