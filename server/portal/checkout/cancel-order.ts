import "server-only";
import { orderMessage } from "@/lib/checkout/timeline-message";
import { randomUUID } from "node:crypto";
import type { CancelOrderInput, CancelOrderResult } from "@/lib/checkout/checkout-contract";
import { checkoutDeps, type CheckoutDeps, type CheckoutOverrides } from "./checkout-deps";
import { driveOrder } from "./drive-order";
import { findOrder, findOrderEvents, leaseOrder, type OrderRow } from "./order-store";
import type { OrderAudience } from "./member-timeline";
import { toOrderView } from "./order-view";
import { reversalDeadline } from "./reversal-deadline";
import { record, type SagaRun } from "./saga-run";

const refusals = {
  not_found: "We could not find this order.",
  not_cancellable: "Only a completed order can be cancelled, and this one is not completed.",
  window_closed: "This order can no longer be cancelled: the time to return its points has passed.",
} as const;

const refused = (reason: keyof typeof refusals): CancelOrderResult => ({
  kind: "refused",
  reason,
  message: refusals[reason],
});

async function cancelled(deps: CheckoutDeps, order: OrderRow, audience: OrderAudience): Promise<CancelOrderResult> {
  const latest = (await findOrder(deps.db, order.id)) ?? order;
  const events = await findOrderEvents(deps.db, [latest.id]);
  return {
    kind: "cancelled",
    order: toOrderView(latest, events.get(latest.id) ?? [], deps.settings, deps.now(), audience),
  };
}

/** X-Agent-Id of a staff member's reversal: the username's letters and digits (the header allows nothing else). */
function staffAgentId(username: string): string {
  return `STAFF${username.replace(/[^A-Za-z0-9]/g, "")}`.slice(0, 50);
}

/**
 * Cancels a completed order within the reversal window (less the margin):
 * the points reversed (P6 as the partner's agent) and the card refunded in
 * full, each under the order's own key and on the timeline, then cancelled.
 * The member cancels their own order; staff refund any, with a reason, and
 * their username goes on the timeline and, as X-Agent-Id, on the reversal.
 * Asking again while it runs or after it ended answers the cancellation.
 * A crash midway leaves the order cancelling, and the worker finishes it.
 */
export async function cancelOrder(
  input: CancelOrderInput,
  overrides: CheckoutOverrides = {},
): Promise<CancelOrderResult> {
  const { actor } = input;
  const audience: OrderAudience = actor.kind === "staff" ? "staff" : "member";
  const reason = actor.kind === "staff" ? actor.reason.trim() : null;
  if (actor.kind === "staff" && !reason) throw new TypeError("A staff refund needs a reason.");
  const deps = await checkoutDeps(overrides);
  const order = await findOrder(deps.db, input.orderId);
  if (!order || (actor.kind === "member" && order.membershipNumber !== actor.membershipNumber)) {
    return refused("not_found");
  }
  if (order.state === "cancelling" || order.state === "cancelled") return cancelled(deps, order, audience);
  if (order.state !== "completed") return refused("not_cancellable");
  const now = deps.now();
  if (now >= reversalDeadline(order, deps.settings)) return refused("window_closed");

  const leaseToken = randomUUID();
  const leased = await leaseOrder(deps.db, order.id, ["completed"], leaseToken, now, deps.settings.leaseMs);
  if (!leased) {
    // Someone else got there first (a second click, staff at the same time): answer what they did.
    const current = (await findOrder(deps.db, order.id)) ?? order;
    if (current.state === "cancelling" || current.state === "cancelled") return cancelled(deps, current, audience);
    return current.state === "completed"
      ? {
          kind: "refused",
          reason: "not_cancellable",
          message: "This order is being updated. Please try again in a minute.",
        }
      : refused("not_cancellable");
  }
  const who = (actor.kind === "member" ? "member" : `staff:${actor.username}`).slice(0, 80);
  const run: SagaRun = {
    deps,
    order: leased,
    leaseToken,
    mode: "member",
    actor: who,
    agentId: actor.kind === "staff" ? staffAgentId(actor.username) : deps.settings.agentId,
  };
  await record(run, {
    to: "cancelling",
    step: "cancelling",
    description:
      actor.kind === "member" ? "Cancellation asked by the member" : `Refund by ${actor.username} of staff: ${reason}`,
    // A member's own request is worded for them; staff's reads as customer care's (member-timeline.ts).
    ...(actor.kind === "member" ? { message: orderMessage("cancellationAsked", leased) } : {}),
    changes: { cancelledBy: who, cancelReason: reason?.slice(0, 500) ?? null },
  });
  await driveOrder(run);
  return cancelled(deps, run.order, audience);
}
