import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { OrdersList } from "@/components/orders/orders-list";
import { OrdersPager } from "@/components/orders/orders-pager";
import { requireMemberSession } from "@/server/portal/auth/member-session";
import { listMemberOrders } from "@/server/portal/checkout/list-member-orders";
import { nameOrderedProducts } from "@/server/portal/shop/name-ordered-products";
import { ButtonLink } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("orders"))("title") };
}

type SearchParams = Record<string, string | string[] | undefined>;

/** `?page=2` → 2; anything else (missing, 0, "abc", several values) → the first page. */
function pageNumber(value: string | string[] | undefined): number {
  const page = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(1, page);
}

/** The member's orders, latest first, a page at a time. */
export default async function OrdersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireMemberSession();
  const t = await getTranslations("orders");
  const page = pageNumber((await searchParams).page);
  const listed = await listMemberOrders(session.membershipNumber, page);
  const result = { ...listed, orders: await nameOrderedProducts(listed.orders, await getLocale()) };

  return (
    <>
      <h1 className="mb-1 text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mb-4 text-slate-600">{t("intro")}</p>
      {result.orders.length === 0 ? (
        <div role="status" className="rounded-xl bg-slate-100 p-5 text-slate-700">
          <p>{page > 1 ? t("noneOnPage") : t("noneYet")}</p>
          <ButtonLink href={page > 1 ? "/orders" : "/shop"} variant="primary" className="mt-3">
            {page > 1 ? t("latest") : t("visitShop")}
          </ButtonLink>
        </div>
      ) : (
        <>
          <OrdersList orders={result.orders} />
          <OrdersPager page={result.page} hasNextPage={result.hasNextPage} />
        </>
      )}
    </>
  );
}
