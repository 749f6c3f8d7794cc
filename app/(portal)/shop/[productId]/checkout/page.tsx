import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatPoints } from "@/lib/portal/format";
import { formatMoney, priceChoices } from "@/lib/shop/price-choices";
import { requireMemberSession } from "@/server/portal/auth/member-session";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { findValidQuote } from "@/server/portal/shop/quote-store";
import { findShopProduct } from "@/server/portal/shop/shop-products";

export const metadata: Metadata = { title: "Your choice" };

interface Props {
  params: Promise<{ productId: string }>;
  searchParams: Promise<{ quote?: string | string[]; option?: string | string[] }>;
}

const linkClass =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

/** The chosen option of a live quote; the card form comes here later. An expired quote is priced again. */
export default async function SummaryPage({ params, searchParams }: Props) {
  const session = await requireMemberSession();
  const { productId } = await params;
  const query = await searchParams;
  const db = await getPortalDatabase();
  const listed = await findShopProduct(db, productId);
  if (!listed) notFound();
  const productHref = `/shop/${encodeURIComponent(listed.product.id)}`;

  const quoteId = typeof query.quote === "string" ? query.quote : "";
  const quote = await findValidQuote(db, quoteId, session, new Date());
  const choice =
    quote && quote.productId === listed.product.id
      ? priceChoices(quote.options, { minor: quote.priceMinor, currency: quote.currency }, quote.balance).find(
          (candidate) => candidate.id === query.option && candidate.affordable,
        )
      : undefined;

  if (!quote || !choice) {
    return (
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
        <h1 className="text-lg font-semibold">This price is no longer available</h1>
        <p className="mt-1 text-sm">Prices hold for 15 minutes. We will price {listed.product.name} again for you.</p>
        <Link href={productHref} className={`mt-4 ${linkClass}`}>
          See today&apos;s price
        </Link>
      </div>
    );
  }

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold tracking-tight">Your choice</h1>
      <dl className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="text-slate-600">Product</dt>
        <dd className="font-medium">{listed.product.name}</dd>
        <dt className="text-slate-600">Points</dt>
        <dd className="font-medium">{choice.points === 0 ? "None" : formatPoints(choice.points)}</dd>
        <dt className="text-slate-600">By card</dt>
        <dd className="font-medium">{formatMoney(choice.cashMinor, choice.currency)}</dd>
        <dt className="text-slate-600">Price held until</dt>
        <dd className="font-medium">
          <time dateTime={quote.expiresAt.toISOString()}>
            {quote.expiresAt.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC
          </time>
        </dd>
      </dl>
      <p className="mt-4 text-sm text-slate-600">Card payment opens here soon. Nothing has been charged or debited.</p>
      <p className="mt-4">
        <Link href={productHref} className={linkClass}>
          Change how I pay
        </Link>
      </p>
    </>
  );
}
