"use server";

import "server-only";
import { randomUUID } from "node:crypto";
import { placeOrderRequestSchema, type PlaceOrderActionResult } from "@/lib/checkout/place-order-request";
import { logger } from "@/server/observability/logger";
import { getMemberSession } from "@/server/portal/auth/member-session";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { customerIp } from "@/server/portal/customer-ip";

/**
 * The checkout's Pay button: places the order through the saga. Next.js
 * refuses an action posted from another origin (CSRF). The member comes from
 * the session, never from the browser; the request is parsed strictly, so a
 * card number cannot be sent here even by a tampered page. The same checkout
 * key always gets the same order, so a retry after an error is safe.
 */
export async function placeOrderAction(request: unknown): Promise<PlaceOrderActionResult> {
  const session = await getMemberSession();
  if (!session)
    return {
      kind: "refused",
      reason: "signed_out",
      message: "Your session has ended. Sign in again to pay; nothing was charged or debited.",
    };
  const parsed = placeOrderRequestSchema.safeParse(request);
  if (!parsed.success)
    return {
      kind: "refused",
      reason: "invalid",
      message: "This payment could not be sent. Reload the page and try again; nothing was charged or debited.",
    };

  const { quoteId, optionId, checkoutKey, card } = parsed.data;
  const ip = await customerIp();
  let result;
  try {
    result = await placeOrder({
      member: {
        membershipNumber: session.membershipNumber,
        accessToken: session.accessToken,
        programme: session.programme,
      },
      quoteId,
      optionId,
      checkoutKey,
      ...(card ? { card } : {}),
      ...(ip ? { customerIp: ip } : {}),
    });
  } catch (error) {
    logger.error({ err: error }, "placing a checkout order failed");
    return {
      kind: "refused",
      reason: "unavailable",
      message: "We could not confirm your order just now. Please try again: the same order is never placed twice.",
    };
  }
  if (result.kind === "placed") return { kind: "placed", orderId: result.order.id };
  if (result.kind === "declined") return { kind: "declined", message: result.message, retryCheckoutKey: randomUUID() };
  return { kind: "refused", reason: result.reason, message: result.message };
}
