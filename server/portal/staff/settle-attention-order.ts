import "server-only";
import { randomUUID } from "node:crypto";
import type { SettlementOutcome } from "@/lib/portal/staff/staff-forms";
import { settlementLabels } from "@/lib/portal/staff/staff-forms";
import { checkoutSettings } from "@/server/portal/checkout/checkout-deps";
import { findOrder, leaseOrder, releaseOrder, type OrderRow } from "@/server/portal/checkout/order-store";
import { recordOrderStep } from "@/server/portal/checkout/record-order-step";
import type { Database } from "@/server/portal/db/portal-database";
import type { AuditSubject } from "./append-audit-event";
import { StaffRefusal } from "./staff-refusal";

export interface Settlement {
  membershipNumber: string;
  orderId: string;
  outcome: SettlementOutcome;
  username: string;
  reason: string;
}

/**
 * Takes the lease of an order needing attention (so no worker or second
 * member of staff settles it at the same time). Refused for an order of
 * another member, in another state, or held by someone else.
 */
export async function leaseAttentionOrder(db: Database, settlement: Settlement, now: Date) {
  const order = await findOrder(db, settlement.orderId);
  if (!order || order.membershipNumber !== settlement.membershipNumber) {
    throw new StaffRefusal("There is no such order for this member.");
  }
  if (order.state !== "needs_attention") throw new StaffRefusal("This order does not need attention any more.");
  const leaseToken = randomUUID();
  const leased = await leaseOrder(db, order.id, ["needs_attention"], leaseToken, now, checkoutSettings().leaseMs);
  if (!leased) throw new StaffRefusal("Someone is working on this order right now. Try again in a minute.");
  return { order: leased, leaseToken };
}

/**
 * Settles the leased order in the caller's transaction (the audit row's):
 * the state staff chose, a timeline entry with their name and reason, the
 * lease given back. An order sent to `reversing` is due at once, so the
 * saga's worker returns the points.
 */
export async function settleAttentionOrder(
  tx: Database,
  leased: { order: OrderRow; leaseToken: string },
  settlement: Settlement,
  now: Date,
): Promise<{ result: { state: string }; audit: AuditSubject }> {
  const actor = `staff:${settlement.username}`.slice(0, 80);
  const settled = await recordOrderStep(
    tx,
    leased.order,
    leased.leaseToken,
    {
      to: settlement.outcome,
      step: settlement.outcome,
      description: `Settled by ${settlement.username} of staff (${settlementLabels[settlement.outcome].label.toLowerCase()}): ${settlement.reason}`,
      actor,
    },
    now,
    checkoutSettings().leaseMs,
  );
  await releaseOrder(tx, settled.id, leased.leaseToken, now);
  return {
    result: { state: settled.state },
    audit: {
      targetType: "order",
      targetId: settled.id,
      membershipNumber: settled.membershipNumber,
      before: { state: leased.order.state, attentionReason: leased.order.attentionReason },
      after: { state: settled.state },
    },
  };
}
