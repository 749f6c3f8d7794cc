"use server";

import "server-only";
import { placeOrderRequestSchema, type PlaceOrderRefusalReason } from "@/lib/checkout/place-order-request";
import { refusal } from "@/lib/actions/action-result";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { customerIp } from "@/server/portal/customer-ip";
import { memberAction } from "@/server/portal/member-action";

/**
 * The checkout's Pay button: places the order through the saga. The member
 * comes from the session, never from the browser; the request is parsed
 * strictly, so a card number cannot be sent here even by a tampered page.
 * The same checkout key always gets the same order, so a retry after an
 * error is safe.
 */
export const placeOrderAction = memberAction<
  typeof placeOrderRequestSchema,
  { orderId: string },
  PlaceOrderRefusalReason
>(
  {
    name: "place-order",
    session: "answer",
    input: placeOrderRequestSchema,
    refusals: {
      signedOut: {
        reason: "signed_out",
        message: "Your session has ended. Sign in again to pay; nothing was charged or debited.",
      },
      invalid: {
        reason: "invalid",
        message: "This payment could not be sent. Reload the page and try again; nothing was charged or debited.",
      },
      unavailable: {
        reason: "unavailable",
        message: "We could not confirm your order just now. Please try again: the same order is never placed twice.",
      },
    },
  },
  async ({ input: { quoteId, optionId, checkoutKey, card }, member }) => {
    const ip = await customerIp();
    const result = await placeOrder({
      member: {
        membershipNumber: member!.membershipNumber,
        accessToken: member!.accessToken,
        programme: member!.programme,
      },
      quoteId,
      optionId,
      checkoutKey,
      ...(card ? { card } : {}),
      ...(ip ? { customerIp: ip } : {}),
    });
    if (result.kind === "placed") return { orderId: result.order.id };
    // A declined card is a refusal like the others; the page offers another card under a new key.
    return refusal("refused", result.message, { reason: result.reason });
  },
);
