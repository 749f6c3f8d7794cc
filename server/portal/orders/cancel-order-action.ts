"use server";

import "server-only";
import { z } from "zod";
import type { CancelOrderRefusalReason } from "@/lib/checkout/place-order-request";
import { refusal } from "@/lib/actions/action-result";
import { cancelOrder } from "@/server/portal/checkout/cancel-order";
import { memberAction } from "@/server/portal/member-action";

/**
 * "Cancel this order" on the member's order page: the saga refunds the card
 * and reverses the points. Only the signed-in member's own order (the saga
 * answers not found for anyone else's).
 */
export const cancelOrderAction = memberAction<z.ZodString, undefined, CancelOrderRefusalReason>(
  {
    name: "cancel-order",
    session: "answer",
    input: z.string().min(1).max(64),
    refusals: {
      signedOut: { reason: "signed_out", message: "Your session has ended. Sign in again to cancel." },
      invalid: { reason: "not_found", message: "We can't find that order." },
      unavailable: {
        reason: "unavailable",
        message: "We could not cancel this order just now. Please try again in a few minutes.",
      },
    },
  },
  async ({ input: orderId, member }) => {
    const result = await cancelOrder({
      orderId,
      actor: { kind: "member", membershipNumber: member!.membershipNumber },
    });
    if (result.kind === "cancelled") return undefined;
    return refusal("refused", result.message, { reason: result.reason });
  },
);
