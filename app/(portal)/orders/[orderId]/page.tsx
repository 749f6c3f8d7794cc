import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { getLocale, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { OrderDetails } from "@/components/orders/order-details";
import { requireMemberSession } from "@/server/portal/auth/member-session";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
import { nameOrderedProducts } from "@/server/portal/shop/name-ordered-products";
import { cancelOrderAction } from "@/server/portal/orders/cancel-order-action";
import { textLink } from "@/components/ui/text-link";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("orders"))("orderTitle") };
}

interface Props {
  params: Promise<{ orderId: string }>;
}

/**
 * One of the member's orders: its outcome, receipt and timeline. Another
 * member's order answers 404 like one that does not exist. No loading
 * boundary sits above this page, so the status is decided before the stream starts.
 */
export default async function OrderPage({ params }: Props) {
  const session = await requireMemberSession();
  const { orderId } = await params;
  const found = orderId.length <= 64 ? await findMemberOrder(session.membershipNumber, orderId) : null;
  if (!found) notFound();
  const [order = found] = await nameOrderedProducts([found], await getLocale());
  const t = await getTranslations("orders");

  return (
    <>
      <p className="mb-2 text-sm">
        <IntentLink href="/orders" className={textLink}>
          {t("title")}
        </IntentLink>
      </p>
      <h1 className="mb-1 text-2xl font-bold tracking-tight">{t("orderHeading", { number: order.orderNumber })}</h1>
      <p className="mb-4 text-slate-700">{order.productName}</p>
      <ClientMessagesProvider namespaces={["orders", "header", "formMessages"]}>
        <OrderDetails initialOrder={order} cancelOrder={cancelOrderAction} />
      </ClientMessagesProvider>
    </>
  );
}
