import { z } from "zod";
import { cardBrandSchema, tokenIdSchema } from "@/lib/payments-contract/contract";
import type { ActionResult } from "@/lib/actions/action-result";
import type { CardDeclineReason } from "./checkout-contract";

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
  | "unavailable"
  | CardDeclineReason;

/** The card was not accepted (nothing moved): another card may be tried on the same page. */
export const cardDeclinedReasons: readonly PlaceOrderRefusalReason[] = [
  "card_declined",
  "insufficient_funds",
  "processing_error",
  "card_unusable",
] satisfies readonly CardDeclineReason[];

/**
 * A declined card is a refusal with a `cardDeclinedReasons` reason: nothing
 * moved, the message goes beside the card form, and the next try is a new
 * attempt under a new checkout key (the same price, another card).
 */
export type PlaceOrderActionResult = ActionResult<{ orderId: string }, PlaceOrderRefusalReason>;

/** Refusals that mean the price itself must be read again: the page offers today's price. */
export const priceAgainReasons: readonly PlaceOrderRefusalReason[] = [
  "quote_expired",
  "option_unavailable",
  "insufficient_points",
];

/** Why an order was not cancelled. */
export type CancelOrderRefusalReason = "not_found" | "not_cancellable" | "window_closed" | "signed_out" | "unavailable";

export type CancelOrderActionResult = ActionResult<undefined, CancelOrderRefusalReason>;
