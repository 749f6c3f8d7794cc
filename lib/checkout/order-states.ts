/**
 * The checkout order's states and the only moves between them: the contract
 * the saga is built against. Every state is stored before the step it
 * names is taken, so the worker can resume any order from its state alone.
 */
export const orderStates = [
  "priced",
  "card_authorised",
  "points_debited",
  "capturing",
  "voiding",
  "declined",
  "payment_pending",
  "completed",
  "cancelling",
  "payment_failed",
  "reversing",
  "points_returned",
  "needs_attention",
  "cancelled",
] as const;
export type OrderState = (typeof orderStates)[number];

/**
 * What the member reads for each state: always one of five words (issue 15).
 * The saga's passing states read as the outcome still being settled; the
 * order page's outcome panel says more (points being returned, a refund
 * under way).
 */
export const memberStatus: Record<OrderState, string> = {
  priced: "Confirming payment",
  card_authorised: "Confirming payment",
  points_debited: "Confirming payment",
  capturing: "Confirming payment",
  voiding: "Confirming payment",
  // Never in the member's list of orders: the checkout page says it, beside the card form.
  declined: "Card declined",
  payment_pending: "Confirming payment",
  completed: "Completed",
  cancelling: "Cancelled",
  payment_failed: "Confirming payment",
  reversing: "Confirming payment",
  points_returned: "Points returned",
  needs_attention: "Needs attention",
  cancelled: "Cancelled",
};

/**
 * Legal moves. A cash-only order (no points) goes from priced straight to
 * payment_pending; an all-points order from points_debited straight to
 * completed; a debit the service refuses took nothing, so priced →
 * cancelled; a card that fails before any points were taken has nothing to
 * give back, so payment_failed → cancelled. A member (or staff) cancels a
 * completed order through cancelling (card refunded, points reversed);
 * staff settle one needing attention.
 *
 * Orders placed since issue 29 with a card part authorise first: priced →
 * card_authorised (held) or declined (nothing held, no point moved, final);
 * the points are debited, then capturing → completed. A refused debit or a
 * failed capture → voiding (the hold released) → reversing when points were
 * taken, else cancelled. Older orders keep the one-step charge
 * (payment_pending, payment_failed) until they settle.
 */
export const orderTransitions: Record<OrderState, readonly OrderState[]> = {
  priced: [
    "card_authorised",
    "declined",
    "points_debited",
    "payment_pending",
    "payment_failed",
    "cancelled",
    "needs_attention",
  ],
  card_authorised: ["points_debited", "capturing", "voiding", "needs_attention"],
  points_debited: ["capturing", "payment_pending", "completed", "payment_failed", "reversing", "needs_attention"],
  capturing: ["completed", "voiding", "needs_attention"],
  voiding: ["reversing", "cancelled", "needs_attention"],
  declined: [],
  payment_pending: ["completed", "payment_failed", "needs_attention"],
  completed: ["cancelling"],
  cancelling: ["cancelled", "needs_attention"],
  payment_failed: ["reversing", "cancelled", "needs_attention"],
  reversing: ["points_returned", "needs_attention"],
  points_returned: [],
  needs_attention: ["completed", "reversing", "points_returned", "cancelled"],
  cancelled: [],
};

/** States no step leaves on its own: the worker does not pick them up. */
export const finalStates: readonly OrderState[] = orderStates.filter((state) => orderTransitions[state].length === 0);

/**
 * States the saga is still working through: the recovery worker claims
 * orders in these. A completed order waits for nobody (only a cancellation
 * moves it) and one needing attention waits for staff.
 */
export const unfinishedStates = [
  "priced",
  "card_authorised",
  "points_debited",
  "capturing",
  "voiding",
  "payment_pending",
  "payment_failed",
  "reversing",
  "cancelling",
] as const satisfies readonly OrderState[];
export type UnfinishedState = (typeof unfinishedStates)[number];

export function isUnfinished(state: string): state is UnfinishedState {
  return (unfinishedStates as readonly string[]).includes(state);
}

export class IllegalOrderTransition extends Error {
  readonly from: OrderState;
  readonly to: OrderState;

  constructor(from: OrderState, to: OrderState) {
    super(`An order cannot move from ${from} to ${to}`);
    this.name = "IllegalOrderTransition";
    this.from = from;
    this.to = to;
  }
}

export function canTransition(from: OrderState, to: OrderState): boolean {
  return orderTransitions[from].includes(to);
}

/** Attempts a member never sees among their orders (a declined card is fixed on the checkout page); staff see all. */
export const hiddenFromMembers: readonly OrderState[] = ["declined"];

/** The next state, or IllegalOrderTransition for a move the contract does not allow. */
export function transitionOrder(from: OrderState, to: OrderState): OrderState {
  if (!canTransition(from, to)) throw new IllegalOrderTransition(from, to);
  return to;
}
