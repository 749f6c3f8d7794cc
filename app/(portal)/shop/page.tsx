import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { useLocale, useTranslations } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { formatPoints } from "@/lib/i18n/format";
import { formatMoney } from "@/lib/shop/price-choices";
import { loadAccount } from "@/server/portal/account/load-account";
import { requireMemberSession, type MemberSession } from "@/server/portal/auth/member-session";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { findFewestPoints } from "@/server/portal/shop/find-fewest-points";
import { listShopProducts, type ListedProduct } from "@/server/portal/shop/shop-products";
import { focusRing } from "@/components/ui/focus-ring";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("shop"))("title") };
}

export default async function ShopPage() {
  const session = await requireMemberSession();
  const t = await getTranslations("shop");
  const locale = await getLocale();
  const products = await listShopProducts(await getPortalDatabase(), locale);

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mb-6 text-slate-600">{t("intro")}</p>
      {products.length === 0 ? (
        <p role="status" className="rounded-xl bg-slate-100 p-5 text-slate-700">
          {t("empty")}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {products.map((listed) => {
            const { product, priceMinor, currency } = listed;
            return (
              <li key={product.id}>
                <IntentLink
                  href={`/shop/${encodeURIComponent(product.id)}`}
                  className={`flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600 ${focusRing}`}
                >
                  <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                    {t(`kinds.${product.kind}`)}
                  </span>
                  <span className="mt-1 font-medium text-slate-900">{listed.text.name}</span>
                  {listed.text.description ? (
                    <span className="mt-1 text-sm text-slate-600">{listed.text.description}</span>
                  ) : null}
                  <span className="mt-auto flex flex-wrap items-baseline justify-between gap-x-3 pt-2 text-sm">
                    <span className="text-slate-600">{formatMoney(priceMinor, currency, locale)}</span>
                    {/* Each card is priced on its own, side by side, and streams in: the list never waits for them. */}
                    <Suspense fallback={null}>
                      <FromPoints session={session} listed={listed} />
                    </Suspense>
                  </span>
                </IntentLink>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** "from 1,800 points": the fewest points of the product's options, when this member's balance reaches them. */
async function FromPoints({ session, listed }: { session: MemberSession; listed: ListedProduct }) {
  // The header's P2, shared within the render (loadAccount is memoised per request).
  const balance = (await loadAccount(session).catch(() => undefined))?.balance?.amount;
  const points = await findFewestPoints(listed, balance, new Date());
  if (points === undefined) return null;
  return <FromPointsWords points={points} />;
}

function FromPointsWords({ points }: { points: number }) {
  const t = useTranslations("shop");
  const locale = useLocale();
  return (
    <span className="font-medium text-brand-700">
      {t("fromPoints", { count: points, figure: formatPoints(points, locale) })}
    </span>
  );
}
