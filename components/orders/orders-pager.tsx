import Link from "next/link";
import { useTranslations } from "next-intl";

const linkClass =
  "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/** Previous and next page of the orders; links, so it works before (and without) the page's script. */
export function OrdersPager({ page, hasNextPage }: { page: number; hasNextPage: boolean }) {
  const t = useTranslations("orders.pager");
  if (page <= 1 && !hasNextPage) return null;
  return (
    <nav aria-label={t("label")} className="mt-4 flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link href={page === 2 ? "/orders" : `/orders?page=${page - 1}`} className={linkClass}>
          {t("previous")}
        </Link>
      ) : null}
      <span className="text-sm text-slate-600">{t("page", { page })}</span>
      {hasNextPage ? (
        <Link href={`/orders?page=${page + 1}`} className={linkClass}>
          {t("next")}
        </Link>
      ) : null}
    </nav>
  );
}
