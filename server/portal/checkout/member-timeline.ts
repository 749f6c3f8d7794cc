import type { OrderTimelineEntry } from "@/lib/checkout/checkout-contract";
import { readTimelineMessage } from "@/lib/checkout/timeline-message";
import { programmeName } from "@/lib/portal/sign-in-programmes";
import type { OrderEventRow } from "./order-store";

/** Who reads an order: its member, or staff (who also see which of them acted, and why). */
export type OrderAudience = "member" | "staff";

const byStaff = (event: OrderEventRow) => event.actor.startsWith("staff:");

/**
 * What staff wrote themselves, as opposed to the saga's steps that followed
 * (which carry the staff actor too, but say only what happened): the refund
 * that starts a staff cancellation, and the settlement of an order that
 * needed attention (the step right after it, taken without a remote call).
 */
function staffAction(event: OrderEventRow, previous: OrderEventRow | undefined): "refund" | "settlement" | undefined {
  if (!byStaff(event)) return undefined;
  if (event.step === "cancelling") return "refund";
  if (!event.operation && previous?.state === "needs_attention") return "settlement";
  return undefined;
}

const careSentences = {
  refund: (programme: string) => `Refunded by ${programme} customer care`,
  settlement: (programme: string) => `Settled by ${programme} customer care`,
} as const;

/**
 * The timeline as its reader may see it. A member never reads a staff
 * username, an internal note or a staff reason: a step staff took reads as
 * the programme's customer care took it (the page words it in the member's
 * language); staff read every entry as written.
 */
export function timelineFor(events: OrderEventRow[], programme: string, audience: OrderAudience): OrderTimelineEntry[] {
  const name = programmeName(programme);
  return events.map((event, index) => {
    const message = readTimelineMessage(event.message);
    const entry: OrderTimelineEntry = {
      at: event.at.toISOString(),
      step: event.step,
      description: event.description,
      ...(message ? { message } : {}),
      ...(event.operation
        ? { call: { operation: event.operation, status: event.httpStatus, requestId: event.requestId } }
        : {}),
    };
    const action = audience === "member" ? staffAction(event, events[index - 1]) : undefined;
    if (!action) return entry;
    return { ...entry, description: careSentences[action](name), customerCare: { action, programme: name } };
  });
}
