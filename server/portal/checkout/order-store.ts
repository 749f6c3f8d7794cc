import "server-only";
import { and, asc, desc, eq, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { WithSubqueryWithSelection } from "drizzle-orm/pg-core";
import type { Database } from "@/server/portal/db/portal-database";
import { orderEvents, orders } from "@/server/portal/db/schema";
import { hiddenFromMembers, type OrderState } from "@/lib/checkout/order-states";

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type NewOrderEvent = Omit<typeof orderEvents.$inferInsert, "id" | "orderId">;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Is this a well-formed order id (anything else finds nothing, without asking the database)? */
export function isOrderId(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * Stores a new order with its first timeline entry, in one statement.
 * Answers undefined when the checkout key is taken (a second tab or click
 * won the race): the unique constraint decides, never a read before.
 */
export async function insertOrder(
  db: Database,
  order: NewOrderRow,
  first: NewOrderEvent,
): Promise<OrderRow | undefined> {
  const placed = db
    .$with("placed")
    .as(db.insert(orders).values(order).onConflictDoNothing({ target: orders.checkoutKey }).returning());
  const [row] = await db
    .with(placed, eventOf(db, placed, first))
    .select()
    .from(placed);
  return row;
}

/** The statement's CTE that writes an order's change: its fields are the order's columns as it now stands. */
export type OrderChangeCte = WithSubqueryWithSelection<typeof orders._.columns, string>;

/**
 * A timeline line for the order `changed` returns, as a CTE of the same
 * statement: written with the change or not at all (no row, no line), without a
 * transaction's extra round trips. A step is stored before it is taken, so
 * this runs at every step of every order.
 */
export function eventOf(db: Database, changed: OrderChangeCte, event: NewOrderEvent) {
  const column = (name: keyof NewOrderEvent) => orderEvents[name];
  const fields = (Object.keys(event) as (keyof NewOrderEvent)[]).filter((name) => event[name] !== undefined);
  const names = sql.join(
    fields.map((name) => sql.identifier(column(name).name)),
    sql`, `,
  );
  const values = sql.join(
    fields.map((name) => sql.param(event[name], column(name))),
    sql`, `,
  );
  return db
    .$with("recorded", { id: orderEvents.id })
    .as(
      sql`insert into ${orderEvents} (${sql.identifier(orderEvents.orderId.name)}, ${names}) select ${changed.id}, ${values} from ${changed} returning ${orderEvents.id}`,
    );
}

export async function findOrder(db: Database, orderId: string): Promise<OrderRow | undefined> {
  if (!isOrderId(orderId)) return undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

export async function findOrderByCheckoutKey(db: Database, checkoutKey: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.checkoutKey, checkoutKey)).limit(1);
  return row;
}

/**
 * A member's orders, newest first: `limit` of them after skipping `offset`.
 * The member's own list leaves out declined attempts (`forMember`); staff see every attempt.
 */
export function listOrdersOf(
  db: Database,
  membershipNumber: string,
  offset: number,
  limit: number,
  options: { forMember?: boolean } = {},
) {
  const own = eq(orders.membershipNumber, membershipNumber);
  return db
    .select()
    .from(orders)
    .where(options.forMember ? and(own, notInArray(orders.state, [...hiddenFromMembers])) : own)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .offset(offset)
    .limit(limit);
}

/** The timelines of these orders, each in the order it was written. */
export async function findOrderEvents(db: Database, orderIds: string[]): Promise<Map<string, OrderEventRow[]>> {
  const timelines = new Map<string, OrderEventRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return timelines;
  const rows = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.id));
  for (const row of rows) timelines.get(row.orderId)?.push(row);
  return timelines;
}

/**
 * Takes the lease of one order in one of these states, when nobody holds
 * it (a cancellation, which must not run beside the worker). Undefined when
 * the order is elsewhere or leased.
 */
export async function leaseOrder(
  db: Database,
  orderId: string,
  states: readonly OrderState[],
  leaseToken: string,
  now: Date,
  leaseMs: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ leaseToken, lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.state, [...states]),
        or(isNull(orders.lockedUntil), lt(orders.lockedUntil, now)),
      ),
    )
    .returning();
  return row;
}

/**
 * Gives the lease back. `nextAttemptAt` tells the worker when to look at the
 * order again (an unknown outcome waits a while; a settled order is never
 * claimed again, whatever the value). A lease taken over meanwhile is left alone.
 */
export async function releaseOrder(
  db: Database,
  orderId: string,
  leaseToken: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .update(orders)
    .set({ leaseToken: null, lockedUntil: null, nextAttemptAt })
    .where(and(eq(orders.id, orderId), eq(orders.leaseToken, leaseToken)));
}

/** Counts an attempt of the worker on the order (for its backoff). */
export const attemptsPlusOne = sql`${orders.attempts} + 1`;
