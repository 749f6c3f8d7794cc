import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { PriceOptions } from "@/components/shop/price-options";
import { ProductDetails } from "@/components/shop/product-details";
import { ServiceProblem } from "@/components/portal/service-problem";
import { formatMoney } from "@/lib/shop/price-choices";
import { loadAccount } from "@/server/portal/account/load-account";
import { requireMemberSession, type MemberSession } from "@/server/portal/auth/member-session";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { serviceFailure } from "@/server/portal/service-failure";
import { priceShopProduct } from "@/server/portal/shop/price-shop-product";
import { findShopProduct, type ListedProduct } from "@/server/portal/shop/shop-products";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";
import { textLink } from "@/components/ui/text-link";

interface Props {
  params: Promise<{ productId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** `?points=26775`: the split the member chose before ("Change how I pay"), for the slider to start on. */
function chosenPoints(value: string | string[] | undefined): number | undefined {
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { productId } = await params;
  const listed = await findShopProduct(await getPortalDatabase(), productId, await getLocale());
  return { title: listed?.text.name ?? (await getTranslations("shop"))("notFound.title") };
}

export default async function ProductPage({ params, searchParams }: Props) {
  const session = await requireMemberSession();
  const { productId } = await params;
  const locale = await getLocale();
  const listed = await findShopProduct(await getPortalDatabase(), productId, locale);
  if (!listed) notFound();
  const today = new Date();
  const t = await getTranslations("shop");
  const startPoints = chosenPoints((await searchParams).points);

  return (
    <>
      <p className="mb-2 text-sm">
        <IntentLink href="/shop" className={textLink}>
          {t("title")}
        </IntentLink>
      </p>
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        {t(`kinds.${listed.product.kind}`)}
      </p>
      <h1 className="mb-1 text-2xl font-bold tracking-tight">{listed.text.name}</h1>
      {listed.text.description ? <p className="mb-2 text-slate-700">{listed.text.description}</p> : null}
      <p className="mb-4 text-slate-700">
        {t("beforePoints", { price: formatMoney(listed.priceMinor, listed.currency, locale) })}
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <ProductDetails product={listed.product} componentNames={listed.text.componentNames} today={today} />
        <section aria-label={t("howToPay")} className="rounded-xl border border-slate-200 bg-white p-4">
          <ClientMessagesProvider namespaces={["shop"]}>
            <Suspense fallback={<PricingSkeleton />}>
              <ProductPricing session={session} listed={listed} startPoints={startPoints} />
            </Suspense>
          </ClientMessagesProvider>
        </section>
      </div>
    </>
  );
}

/** Priced on every visit: a quote is never reused at a stale price. */
async function ProductPricing({
  session,
  listed,
  startPoints,
}: {
  session: MemberSession;
  listed: ListedProduct;
  startPoints: number | undefined;
}) {
  let balance: number | undefined;
  try {
    balance = (await loadAccount(session)).balance?.amount;
  } catch (error) {
    // Without a balance the options still show; the service adjusts single products to it anyway.
    await serviceFailure(error);
  }
  let quote;
  try {
    quote = await priceShopProduct(session, listed, balance, new Date());
  } catch (error) {
    const failure = await serviceFailure(error);
    return <ServiceProblem {...failure} retryHref={`/shop/${encodeURIComponent(listed.product.id)}`} />;
  }
  return (
    <PriceOptions
      productId={listed.product.id}
      quoteId={quote.id}
      price={{ minor: quote.priceMinor, currency: quote.currency }}
      balance={quote.balance}
      options={quote.options}
      startPoints={startPoints}
    />
  );
}

function PricingSkeleton() {
  const t = useTranslations("shop");
  return (
    <div role="status" aria-live="polite" className="space-y-2">
      <span className="text-sm text-slate-600">{t("pricing")}</span>
      <div className="h-16 animate-pulse rounded-xl bg-slate-200" />
      <div className="h-16 animate-pulse rounded-xl bg-slate-200" />
      <div className="h-16 animate-pulse rounded-xl bg-slate-200" />
    </div>
  );
}
