import type { Metadata } from "next";
import Link from "next/link";
import { formatMoney } from "@/lib/shop/price-choices";
import { kindLabels } from "@/lib/shop/shop-catalogue";
import { requireMemberSession } from "@/server/portal/auth/member-session";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { listShopProducts } from "@/server/portal/shop/shop-products";

export const metadata: Metadata = { title: "Shop" };

export default async function ShopPage() {
  await requireMemberSession();
  const products = await listShopProducts(await getPortalDatabase());

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold tracking-tight">Shop</h1>
      <p className="mb-6 text-slate-600">Pay for travel with points, cash, or a mix of both.</p>
      {products.length === 0 ? (
        <p role="status" className="rounded-xl bg-slate-100 p-5 text-slate-700">
          There is nothing in the shop right now. Please come back later.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {products.map(({ product, priceMinor, currency }) => (
            <li key={product.id}>
              <Link
                href={`/shop/${encodeURIComponent(product.id)}`}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                  {kindLabels[product.kind]}
                </span>
                <span className="mt-1 font-medium text-slate-900">{product.name}</span>
                <span className="mt-auto pt-2 text-sm text-slate-600">{formatMoney(priceMinor, currency)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
