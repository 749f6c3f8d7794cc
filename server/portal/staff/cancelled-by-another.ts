import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { findOrder } from "@/server/portal/checkout/order-store";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAuditEvents } from "@/server/portal/db/schema";
import type { StaffAdjustment } from "./record-staff-adjustment";
import { StaffRefusal } from "./staff-refusal";

/** The administrators who sent a request again: each resend's claim commits together with its `request.resent` row. */
async function resendersOf(db: Database, requestId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ actor: staffAuditEvents.actor })
    .from(staffAuditEvents)
    .where(
      and(
        eq(staffAuditEvents.action, "request.resent"),
        eq(staffAuditEvents.outcome, "succeeded"),
        sql`${staffAuditEvents.after} ->> 'requestId' = ${requestId}`,
      ),
    );
  return rows.map((row) => row.actor);
}

/**
 * Why the cancellation the order's saga answered a refund with is not this
 * refund's, in words (a refusal to throw); undefined when it is. The saga
 * answers an order already cancelling or cancelled as it stands, whoever put
 * it in motion, so the order alone does not say that this refund refunded
 * anything: only a cancellation by a member of staff `own.by` accepts is
 * its own; the member's own cancellation or another member of staff's refund
 * refunded nothing here. The reason on the order is not compared: a reason
 * code's words may be changed between two attempts.
 */
async function notOwnCancellation(
  db: Database,
  orderId: string,
  own: { words: "this request" | "this refund"; by: (username: string) => boolean | Promise<boolean> },
): Promise<StaffRefusal | undefined> {
  const order = await findOrder(db, orderId);
  const cancelledBy = order?.cancelledBy ?? null;
  const nothingMore = `not by ${own.words}: nothing more was refunded.`;
  if (cancelledBy === "member") {
    return new StaffRefusal(
      `This order was already cancelled by the member, ${nothingMore} The member's own cancellation returns their points and payment.`,
    );
  }
  const username = cancelledBy?.startsWith("staff:") ? cancelledBy.slice("staff:".length) : null;
  if (username === null) return new StaffRefusal(`This order was already cancelled, ${nothingMore}`);
  if (await own.by(username)) return undefined;
  return new StaffRefusal(`This order was already refunded by ${username} of staff, ${nothingMore}`);
}

/**
 * A refund request's: the cancellation is its own when asked by someone who
 * sent this request (`sender` now, its approver, or an administrator who sent
 * it again).
 */
export function cancelledByAnother(
  db: Database,
  request: StaffAdjustment,
  sender: string,
): Promise<StaffRefusal | undefined> {
  return notOwnCancellation(db, request.orderId!, {
    words: "this request",
    by: async (username) =>
      username === sender ||
      username === (request.decidedBy ?? request.requestedBy) ||
      (await resendersOf(db, request.id)).includes(username),
  });
}

/** A refund sent at once (within the approval threshold): the cancellation is its own when `sender` asked it. */
export function refundedByAnother(db: Database, orderId: string, sender: string): Promise<StaffRefusal | undefined> {
  return notOwnCancellation(db, orderId, { words: "this refund", by: (username) => username === sender });
}
