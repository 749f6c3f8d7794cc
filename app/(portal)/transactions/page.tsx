import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ServiceProblem } from "@/components/portal/service-problem";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";
import { ButtonLink } from "@/components/ui/button";
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
  const locale = await getLocale();
  const { filters, problems, beyondLimit } = parseTransactionSearch(await searchParams, variant);
  const programme = programmeName(session.programme);
  const heading = (
    <div className="mb-4">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("intro", { programme })}</p>
    </div>
  );
  const form = (
    <ClientMessagesProvider namespaces={["forms", "formMessages"]}>
      <TransactionFiltersForm filters={filters} problems={problems} maxDay={new Date().toISOString().slice(0, 10)} />
    </ClientMessagesProvider>
  );
  const limitNote = variant === "primary" ? t("limitNote", { programme, count: recordLimits.primary }) : undefined;

  // A page the programme's range cannot reach is said to be none, not shown as another page under its number.
  if (beyondLimit) {
    return (
      <>
        {heading}
        {form}
        <section role="status" className="mt-4 rounded-xl border border-slate-200 bg-white px-5 py-12 text-center">
          <h2 className="text-base font-semibold text-slate-900">{t("history.beyondTitle", { page: filters.page })}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {t("history.beyondLimitText", { programme, count: recordLimits[variant], pages: lastPage(variant) })}
          </p>
          <ButtonLink href={transactionsHref(filters, 1)} variant="secondary" className="mt-4">
            {t("firstPage")}
          </ButtonLink>
        </section>
      </>
    );
  }

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
    page = await loadTransactionPage(session, filters, locale);
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

  // Past the history's end: the page number was followed from an old link or typed.
  if (page.rows.length === 0 && filters.page > 1) {
    return (
      <>
        {heading}
        {form}
        <section role="status" className="mt-4 rounded-xl border border-slate-200 bg-white px-5 py-12 text-center">
          <h2 className="text-base font-semibold text-slate-900">{t("history.beyondTitle", { page: filters.page })}</h2>
          <p className="mt-1 text-sm text-slate-600">{t("history.beyondEndText")}</p>
          <ButtonLink href={transactionsHref(filters, 1)} variant="secondary" className="mt-4">
            {t("firstPage")}
          </ButtonLink>
        </section>
      </>
    );
  }

  return (
    <>
      {heading}
      {form}
      <div className="mt-4">
        <TransactionsTable
          rows={page.rows}
          page={filters.page}
          position={page.position}
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
          // The primary programme's limit is said on every page, the first included, not only at its end.
          note={limitNote}
        />
      </div>
    </>
  );
}
