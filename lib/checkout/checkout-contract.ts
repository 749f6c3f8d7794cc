import type { TimelineMessage } from "./timeline-message";
import type { OrderState } from "./order-states";

/**
 * What the checkout's saga offers the rest of the portal (the member's
 * pages, the staff console, the guided demo). The saga's own modules in
 * server/portal/checkout implement it; pages, components and actions import only these types
 * and the functions named below.
 *
 * - `placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult>` in place-order.ts
 * - `findMemberOrder(membershipNumber, orderId): Promise<OrderView | null>` in find-member-order.ts
 * - `listMemberOrders(membershipNumber, page): Promise<OrderPage>` in list-member-orders.ts
 * - `cancelOrder(input: CancelOrderInput): Promise<CancelOrderResult>` in cancel-order.ts
 * - `runOnce(options?)` in recovery/run-once.ts (the recovery worker's one pass)
 *
 * Each takes an optional last argument of dependencies (checkout-deps.ts):
 * production code leaves it out; tests pass a database, in-process clients,
 * a clock and a fault switch.
 */

/** Who placed the order, and what lets the saga debit the member's points (P5 with the member's token). */
export interface CheckoutMember {
  membershipNumber: string;
  /** The member's access token, valid now (getMemberSession() refreshes it). */
  accessToken: string;
  /** The session's programme (added; optional): without it, the quote's programme is used. */
  programme?: string;
}

/** The card as the browser tokenised it: never the full number. */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

export interface PlaceOrderInput {
  member: CheckoutMember;
  /** The quote the member saw (portal.quotes); expired or another member's → refused, priced again. */
  quoteId: string;
  /** The chosen price option's id as the quote stores it, or "cash" for paying all by card. */
  optionId: string;
  /** Absent only when the option is all points (no cash leg). */
  card?: CardToken;
  /**
   * One per checkout form shown (a random id rendered into the page): a
   * double click, a second tab of the same form or the back button sends the
   * same key and gets the same order, never a second debit or charge.
   */
  checkoutKey: string;
  /** The member's IP address (added; optional), sent to the service as X-Forwarded-For. */
  customerIp?: string;
}

export type PlaceOrderResult =
  | { kind: "placed"; order: OrderView }
  /** Nothing was debited or charged; the member should see why and price again or fix the card. */
  | {
      kind: "refused";
      reason: "quote_expired" | "option_unavailable" | "card_required" | "insufficient_points";
      message: string;
    }
  /**
   * The card was not authorised: no point moved, nothing was held. The
   * attempt is kept for staff (state declined) but is not one of the
   * member's orders; the member tries another card on the same checkout.
   */
  | { kind: "declined"; reason: CardDeclineReason; message: string; attemptId: string };

/** Why the card was not accepted, in the member's terms. */
export type CardDeclineReason = "card_declined" | "insufficient_funds" | "processing_error" | "card_unusable";

export interface CancelOrderInput {
  orderId: string;
  actor: { kind: "member"; membershipNumber: string } | { kind: "staff"; username: string; reason: string };
}

export type CancelOrderResult =
  | { kind: "cancelled"; order: OrderView }
  | { kind: "refused"; reason: "not_found" | "not_cancellable" | "window_closed"; message: string };

/** One step of an order's saga as the member (and staff) read it: what happened, when, and the call behind it. */
export interface OrderTimelineEntry {
  at: string; // ISO 8601
  /** The state entered, or the event (e.g. "debit_replayed"). */
  step: string;
  /** In words a member understands: "9,000 points debited (transaction 0000123)". */
  description: string;
  /** The remote call behind the step: operation name (e.g. "P5 debit", "charge"), HTTP status, request id; never a secret. */
  call?: { operation: string; status: number | null; requestId: string | null };
  /**
   * In the member's view, a step staff took (a refund, a settlement): said as
   * the programme's customer care did it, never who or why.
   */
  customerCare?: { action: "refund" | "settlement"; programme: string };
  /** The same as a code with parameters, for the member's page to word in its language; absent on older entries. */
  message?: TimelineMessage;
}

export interface OrderView {
  id: string;
  /** Shown to the member, e.g. "NS-2026-000042". */
  orderNumber: string;
  membershipNumber: string;
  productId: string;
  productName: string;
  state: OrderState;
  /** Always one of "Completed", "Points returned", "Confirming payment", "Needs attention", "Cancelled" (memberStatus). */
  status: string;
  points: number;
  cashMinor: number;
  currency: string;
  /** The debit's transaction identifier (P5's answer), once known. */
  debitTransactionId: string | null;
  card: { brand: string; last4: string } | null;
  /** A flight's legs as the receipt names them: flight number, airports and day of departure (YYYY-MM-DD). */
  journey: { outbound: boolean; flightNumber: string; from: string; to: string; departs: string }[];
  createdAt: string;
  updatedAt: string;
  /** Until when the member may cancel (completed orders within the reversal window); null when not cancellable. */
  cancellableUntil: string | null;
  timeline: OrderTimelineEntry[];
}

export interface OrderPage {
  orders: OrderView[];
  page: number;
  hasNextPage: boolean;
}
