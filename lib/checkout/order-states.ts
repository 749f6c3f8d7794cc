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
  "completed",
  "cancelling",
  "reversing",
  "points_returned",
  "needs_attention",
  "cancelled",
] as const;
export type OrderState = (typeof orderStates)[number];

/**
 * What the member reads for each state: always one of six words. The saga's
 * passing states read as the outcome still being settled; the order page's
 * outcome panel says more (points being returned, a refund under way).
 */
export const memberStatus: Record<OrderState, string> = {
  priced: "Confirming payment",
  card_authorised: "Confirming payment",
  points_debited: "Confirming payment",
  capturing: "Confirming payment",
  voiding: "Confirming payment",
  // Never in the member's list of orders: the checkout page says it, beside the card form.
  declined: "Card declined",
  completed: "Completed",
  cancelling: "Cancelled",
  reversing: "Confirming payment",
  points_returned: "Points returned",
  needs_attention: "Needs attention",
  cancelled: "Cancelled",
};

/**
 * Legal moves. The steps, each beside its compensation: authorise ↔ void,
 * debit ↔ reverse, capture ↔ refund (server/portal/checkout/checkout-steps.ts).
 *
 * A card part is authorised first: priced → card_authorised (held) or
 * declined (nothing held, no point moved, final). The points are debited,
 * then capturing → completed. An order without a card part is debited from
 * priced and completes from points_debited; one without points goes from
 * card_authorised straight to capturing. A debit the service refuses took
 * nothing: voiding (the hold released) → cancelled, or priced → cancelled
 * when nothing was held. A failed capture → voiding → reversing when points
 * were taken. A member (or staff) cancels a completed order through
 * cancelling (points reversed, card refunded); staff settle one needing
 * attention.
 */
export const orderTransitions: Record<OrderState, readonly OrderState[]> = {
  priced: ["card_authorised", "declined", "points_debited", "cancelled", "needs_attention"],
  card_authorised: ["points_debited", "capturing", "voiding", "needs_attention"],
  points_debited: ["capturing", "completed", "needs_attention"],
  capturing: ["completed", "voiding", "needs_attention"],
  voiding: ["reversing", "cancelled", "needs_attention"],
  declined: [],
  completed: ["cancelling"],
  cancelling: ["cancelled", "needs_attention"],
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
