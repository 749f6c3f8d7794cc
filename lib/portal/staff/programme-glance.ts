import type { OrderState } from "@/lib/checkout/order-states";

/**
 * The figures of the console's home ("the programme at a glance"): what the
 * portal itself recorded over the last 30 days, one series per chart, each
 * with the table that is its text alternative. Days are calendar days in the
 * staff member's time zone (`YYYY-MM-DD`).
 */
export const glanceDays = 30;

/**
 * Orders whose points the member redeemed and still has spent: debited and
 * not given back. An order whose points were reversed (a refund, a failed
 * card) or are being reversed counts for nothing.
 */
export const redeemedStates = [
  "points_debited",
  "capturing",
  "completed",
  "needs_attention",
] as const satisfies readonly OrderState[];

export interface PointsDay {
  day: string;
  /** Points the shop's checkouts debited and kept, by the day the order was placed. */
  redeemed: number;
  /** Goodwill points staff credited (succeeded), by the day of the credit. */
  credited: number;
}

/** How a checkout ended, in five words staff read at a glance. */
export const checkoutOutcomes = ["completed", "declined", "returned", "attention", "unfinished"] as const;
export type CheckoutOutcome = (typeof checkoutOutcomes)[number];

export const checkoutOutcomeLabels: Record<CheckoutOutcome, string> = {
  completed: "Completed",
  declined: "Card declined",
  returned: "Cancelled or refunded",
  attention: "Needs attention",
  unfinished: "Still in progress",
};

const outcomeOfState: Record<OrderState, CheckoutOutcome> = {
  priced: "unfinished",
  card_authorised: "unfinished",
  points_debited: "unfinished",
  capturing: "unfinished",
  voiding: "unfinished",
  reversing: "unfinished",
  cancelling: "unfinished",
  declined: "declined",
  completed: "completed",
  points_returned: "returned",
  cancelled: "returned",
  needs_attention: "attention",
};

/** The outcome of an order in a state; an unknown state reads as still in progress. */
export function checkoutOutcomeOf(state: string): CheckoutOutcome {
  return outcomeOfState[state as OrderState] ?? "unfinished";
}

export type OutcomeDay = { day: string } & Record<CheckoutOutcome, number>;

/** The key of the waiting chart's first bar: everything that began to wait before the 30 days. */
export const earlierDay = "earlier";

export interface WaitingDay {
  /** A day, or `earlier`. */
  day: string;
  /** Orders needing attention now, by the day they began to need it. */
  attentionOrders: number;
  /** Approval requests pending now, by the day they were made. */
  pendingApprovals: number;
}

/** One row per day of `days` (oldest first), each day's figures from `rows` or zero. */
export function everyDay<T extends { day: string }>(
  days: readonly string[],
  rows: readonly T[],
  empty: () => Omit<T, "day">,
): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => byDay.get(day) ?? ({ day, ...empty() } as T));
}

/** Counts by day and order state (as the query answers them) folded into outcomes, one row per day. */
export function outcomeDays(
  days: readonly string[],
  counts: ReadonlyArray<{ day: string; state: string; count: number }>,
): OutcomeDay[] {
  const rows = days.map((day) => ({ day, completed: 0, declined: 0, returned: 0, attention: 0, unfinished: 0 }));
  const index = new Map(rows.map((row) => [row.day, row]));
  for (const count of counts) {
    const row = index.get(count.day);
    if (row) row[checkoutOutcomeOf(count.state)] += count.count;
  }
  return rows;
}

/** What the waiting chart shows: an "earlier" bar, then one per day. */
export function waitingDays(
  days: readonly string[],
  attention: ReadonlyArray<{ day: string; count: number }>,
  approvals: ReadonlyArray<{ day: string; count: number }>,
): WaitingDay[] {
  const rows = [earlierDay, ...days].map((day) => ({ day, attentionOrders: 0, pendingApprovals: 0 }));
  const index = new Map(rows.map((row) => [row.day, row]));
  for (const { day, count } of attention) {
    const row = index.get(day);
    if (row) row.attentionOrders += count;
  }
  for (const { day, count } of approvals) {
    const row = index.get(day);
    if (row) row.pendingApprovals += count;
  }
  return rows;
}

/** The sum of one field over rows. */
export function total<T>(
  rows: readonly T[],
  field: { [K in keyof T]: T[K] extends number ? K : never }[keyof T],
): number {
  return rows.reduce((sum, row) => sum + (row[field] as number), 0);
}
