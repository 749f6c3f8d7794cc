import Link from "next/link";
import { useTranslations } from "next-intl";

/** A product the shop does not sell (an old link, a typo). */
export default function ProductNotFound() {
  const t = useTranslations("shop.notFound");
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <p className="mt-1 text-slate-600">{t("text")}</p>
      <Link
        href="/shop"
        className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
      >
        {t("back")}
      </Link>
    </div>
  );
}
