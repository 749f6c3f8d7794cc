import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { OrderDetails } from "@/components/orders/order-details";
import { requireMemberSession } from "@/server/portal/auth/member-session";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
import { cancelOrderAction } from "@/server/portal/orders/cancel-order-action";

export const metadata: Metadata = { title: "Your order" };

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
  const order = orderId.length <= 64 ? await findMemberOrder(session.membershipNumber, orderId) : null;
  if (!order) notFound();

  return (
    <>
      <p className="mb-2 text-sm">
        <Link
          href="/orders"
          className="rounded text-brand-700 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Your orders
        </Link>
      </p>
      <h1 className="mb-1 text-2xl font-bold tracking-tight">Order {order.orderNumber}</h1>
      <p className="mb-4 text-slate-700">{order.productName}</p>
      <OrderDetails initialOrder={order} cancelOrder={cancelOrderAction} />
    </>
  );
}
