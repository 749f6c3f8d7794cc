"use server";

import "server-only";
import { z } from "zod";
import type { CancelOrderActionResult } from "@/lib/checkout/place-order-request";
import { logger } from "@/server/observability/logger";
import { getMemberSession } from "@/server/portal/auth/member-session";
import { cancelOrder } from "@/server/portal/checkout/cancel-order";

const orderIdSchema = z.string().min(1).max(64);

/**
 * "Cancel this order" on the member's order page: the saga refunds the card
 * and reverses the points. Only the signed-in member's own order (the saga
 * answers not found for anyone else's); origin-checked by Next.js (CSRF).
 */
export async function cancelOrderAction(orderId: unknown): Promise<CancelOrderActionResult> {
  const session = await getMemberSession();
  if (!session)
    return { kind: "refused", reason: "signed_out", message: "Your session has ended. Sign in again to cancel." };
  const parsed = orderIdSchema.safeParse(orderId);
  if (!parsed.success) return { kind: "refused", reason: "not_found", message: "We can't find that order." };
  try {
    const result = await cancelOrder({
      orderId: parsed.data,
      actor: { kind: "member", membershipNumber: session.membershipNumber },
    });
    if (result.kind === "cancelled") return { kind: "cancelled" };
    return { kind: "refused", reason: result.reason, message: result.message };
  } catch (error) {
    logger.error({ err: error }, "cancelling a checkout order failed");
    return {
      kind: "refused",
      reason: "unavailable",
      message: "We could not cancel this order just now. Please try again in a few minutes.",
    };
  }
}
