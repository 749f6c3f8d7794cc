import "server-only";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import { checkoutDeps, type CheckoutOverrides } from "./checkout-deps";
import { findOrder, findOrderEvents } from "./order-store";
import type { OrderAudience } from "./member-timeline";
import { toOrderView } from "./order-view";

/**
 * The member's own order with its timeline; another member's, an unknown or
 * a malformed id reads as none. Read by the member unless `audience` says staff.
 */
export async function findMemberOrder(
  membershipNumber: string,
  orderId: string,
  overrides: CheckoutOverrides = {},
  audience: OrderAudience = "member",
): Promise<OrderView | null> {
  const deps = await checkoutDeps(overrides);
  const order = await findOrder(deps.db, orderId);
  if (!order || order.membershipNumber !== membershipNumber) return null;
  const events = await findOrderEvents(deps.db, [order.id]);
  return toOrderView(order, events.get(order.id) ?? [], deps.settings, deps.now(), audience);
}
