import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";

/** Previous and next page of the orders; links, so it works before (and without) the page's script. */
export function OrdersPager({ page, hasNextPage }: { page: number; hasNextPage: boolean }) {
  const t = useTranslations("orders.pager");
  if (page <= 1 && !hasNextPage) return null;
  return (
    <nav aria-label={t("label")} className="mt-4 flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <ButtonLink href={page === 2 ? "/orders" : `/orders?page=${page - 1}`} variant="secondary">
          {t("previous")}
        </ButtonLink>
      ) : null}
      <span className="text-sm text-slate-600">{t("page", { page })}</span>
      {hasNextPage ? (
        <ButtonLink href={`/orders?page=${page + 1}`} variant="secondary">
          {t("next")}
        </ButtonLink>
      ) : null}
    </nav>
  );
}
