import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { orders } from "@/server/portal/db/schema";
import { transitionOrder, type OrderState } from "@/lib/checkout/order-states";
import type { TimelineMessage } from "@/lib/checkout/timeline-message";
import { eventOf, type OrderRow } from "./order-store";

/** The remote call behind a step, as the timeline keeps it: never a token, a body or a card number. */
export interface StepCall {
  operation: string;
  status: number | null;
  requestId: string | null;
}

/** Columns a step may set besides the state (what the remote call answered, who asked). */
export type OrderChanges = Partial<
  Pick<
    OrderRow,
    | "attentionReason"
    | "memberToken"
    | "debitTransactionId"
    | "debitedAt"
    | "chargeId"
    | "authorisationId"
    | "reversalTransactionId"
    | "refundId"
    | "cancelledBy"
    | "cancelReason"
  >
>;

export interface OrderStep {
  /** The state entered; absent for an event that leaves the state as it is (e.g. card_refunded). */
  to?: OrderState;
  /** The state's name, or the event's. */
  step: string;
  /** In English words a member understands (what staff read, and the fallback). */
  description: string;
  /** The same as a code with parameters, worded in the reader's language. */
  message?: TimelineMessage;
  /** `member`, `worker`, or `staff:<username>`. */
  actor: string;
  call?: StepCall;
  changes?: OrderChanges;
}

/** The order moved on without us (our lease lapsed and another claimant took it): stop driving it. */
export class OrderLeaseLost extends Error {
  constructor(orderId: string) {
    super(`The lease of order ${orderId} was lost`);
    this.name = "OrderLeaseLost";
  }
}

/**
 * Stores one step of the saga: the new state (a move the state machine
 * allows), what the call answered and the timeline entry, in one statement
 * that holds no lock across a remote call. It applies only while
 * the order is still in the state read and the caller still holds its lease,
 * and renews the lease; otherwise OrderLeaseLost and nothing is written.
 */
export async function recordOrderStep(
  db: Database,
  order: OrderRow,
  leaseToken: string,
  step: OrderStep,
  now: Date,
  leaseMs: number,
): Promise<OrderRow> {
  const from = order.state as OrderState;
  const to = step.to === undefined ? from : transitionOrder(from, step.to);
  const moved = db.$with("moved").as(
    db
      .update(orders)
      .set({ ...step.changes, state: to, updatedAt: now, lockedUntil: new Date(now.getTime() + leaseMs) })
      .where(and(eq(orders.id, order.id), eq(orders.state, from), eq(orders.leaseToken, leaseToken)))
      .returning(),
  );
  const line = eventOf(db, moved, {
    at: now,
    step: step.step,
    state: to,
    description: step.description.slice(0, 500),
    message: step.message ?? null,
    actor: step.actor.slice(0, 80),
    operation: step.call?.operation ?? null,
    httpStatus: step.call?.status ?? null,
    requestId: step.call?.requestId?.slice(0, 100) ?? null,
  });
  // One statement: the move and its timeline line are written together or not at all.
  const [row] = await db.with(moved, line).select().from(moved);
  if (!row) throw new OrderLeaseLost(order.id);
  return row;
}
