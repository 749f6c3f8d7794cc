import { getMemberSession } from "@/server/portal/auth/member-session";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
import { requestLocale } from "@/server/portal/i18n/request-config";
import { nameOrderedProducts } from "@/server/portal/shop/name-ordered-products";

const noStore = { "Cache-Control": "no-store" };

/**
 * One of the signed-in member's orders, as its page polls it while the
 * payment is being confirmed. Another member's order, or one that does not
 * exist, is 404 alike; never cached.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ orderId: string }> }) {
  const session = await getMemberSession();
  if (!session) return Response.json({ error: "signed-out" }, { status: 401, headers: noStore });
  const { orderId } = await params;
  const order = orderId.length <= 64 ? await findMemberOrder(session.membershipNumber, orderId) : null;
  if (!order) return Response.json({ error: "not-found" }, { status: 404, headers: noStore });
  const [named] = await nameOrderedProducts([order], await requestLocale());
  return Response.json(named, { headers: noStore });
}
