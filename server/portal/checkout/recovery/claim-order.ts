import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { orders } from "@/server/portal/db/schema";
import { unfinishedStates } from "@/lib/checkout/order-states";
import type { OrderRow } from "../order-store";

/**
 * Claims the unfinished order that has waited longest for its next try and
 * that nobody leases: one short transaction, `FOR UPDATE SKIP LOCKED` so
 * workers on one PostgreSQL never wait for or take each other's orders,
 * then a lease (token and time) that outlives the transaction. The work
 * itself happens after the commit: no transaction is ever held across a
 * remote call (PGlite runs one transaction at a time for the whole process).
 */
export async function claimOrder(db: Database, now: Date, leaseMs: number): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.state, [...unfinishedStates]),
          lte(orders.nextAttemptAt, now),
          or(isNull(orders.lockedUntil), lt(orders.lockedUntil, now)),
        ),
      )
      .orderBy(asc(orders.nextAttemptAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!candidate) return undefined;
    const [claimed] = await tx
      .update(orders)
      .set({
        leaseToken: randomUUID(),
        lockedUntil: new Date(now.getTime() + leaseMs),
        attempts: sql`${orders.attempts} + 1`,
      })
      .where(inArray(orders.id, [candidate.id]))
      .returning();
    return claimed;
  });
}
