import "server-only";
import type { OrderPage } from "@/lib/checkout/checkout-contract";
import { checkoutDeps, type CheckoutOverrides } from "./checkout-deps";
import { findOrderEvents, listOrdersOf } from "./order-store";
import { toOrderView } from "./order-view";

/** Orders per page of /orders. */
export const ordersPageSize = 10;

/**
 * One page (from 1) of the member's orders, newest first, each with its
 * timeline; unless `forMember` is false (staff), declined card attempts are
 * left out and steps staff took read as customer care's (member-timeline.ts).
 */
export async function listMemberOrders(
  membershipNumber: string,
  page: number,
  overrides: CheckoutOverrides = {},
  options: { forMember?: boolean } = { forMember: true },
): Promise<OrderPage> {
  const deps = await checkoutDeps(overrides);
  const current = Number.isSafeInteger(page) && page >= 1 ? page : 1;
  // One more than a page tells whether another follows.
  const rows = await listOrdersOf(
    deps.db,
    membershipNumber,
    (current - 1) * ordersPageSize,
    ordersPageSize + 1,
    options,
  );
  const shown = rows.slice(0, ordersPageSize);
  const timelines = await findOrderEvents(
    deps.db,
    shown.map((order) => order.id),
  );
  const now = deps.now();
  return {
    orders: shown.map((order) =>
      toOrderView(
        order,
        timelines.get(order.id) ?? [],
        deps.settings,
        now,
        options.forMember === false ? "staff" : "member",
      ),
    ),
    page: current,
    hasNextPage: rows.length > ordersPageSize,
  };
}
