import { z } from "zod";
import { cardBrandSchema, tokenIdSchema } from "@/lib/payments-client/contract";

/**
 * What the checkout page sends the place-order action: the quote and option
 * the member chose, the form's checkout key and, when there is a cash leg,
 * the card as the browser tokenised it. Strict: anything else (a card number,
 * an expiry) is refused rather than ignored, so it cannot slip through.
 */
export const placeOrderRequestSchema = z.strictObject({
  quoteId: z.string().min(1).max(64),
  optionId: z.string().regex(/^(?:\d{1,3}|cash)$/),
  checkoutKey: z.uuid(),
  card: z
    .strictObject({
      token: tokenIdSchema,
      brand: cardBrandSchema,
      last4: z.string().regex(/^\d{4}$/),
    })
    .optional(),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;

/** Why an order was not placed, as the page acts on it. */
export type PlaceOrderRefusalReason =
  | "quote_expired"
  | "option_unavailable"
  | "card_required"
  | "insufficient_points"
  | "invalid"
  | "signed_out"
  | "unavailable";

export type PlaceOrderActionResult =
  | { kind: "placed"; orderId: string }
  | { kind: "refused"; reason: PlaceOrderRefusalReason; message: string }
  /**
   * The card was not accepted and nothing moved: the message goes beside the
   * card form, and the next try is a new attempt under `retryCheckoutKey`
   * (the same price, another card).
   */
  | { kind: "declined"; message: string; retryCheckoutKey: string };

/** Refusals that mean the price itself must be read again: the page offers today's price. */
export const priceAgainReasons: readonly PlaceOrderRefusalReason[] = [
  "quote_expired",
  "option_unavailable",
  "insufficient_points",
];

export type CancelOrderActionResult =
  | { kind: "cancelled" }
  | {
      kind: "refused";
      reason: "not_found" | "not_cancellable" | "window_closed" | "signed_out" | "unavailable";
      message: string;
    };
