import { describe, expect, it } from "vitest";
import {
  IllegalOrderTransition,
  finalStates,
  memberStatus,
  orderStates,
  orderTransitions,
  transitionOrder,
  type OrderState,
} from "@/server/portal/checkout/order-states";

function reachable(from: OrderState): Set<OrderState> {
  const seen = new Set<OrderState>([from]);
  const queue = [from];
  for (let state = queue.shift(); state; state = queue.shift()) {
    for (const next of orderTransitions[state]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe("the checkout's order states", () => {
  it("walks the happy path and the failed-card path", () => {
    const happy: OrderState[] = ["priced", "points_debited", "payment_pending", "completed"];
    const failed: OrderState[] = [
      "priced",
      "points_debited",
      "payment_pending",
      "payment_failed",
      "reversing",
      "points_returned",
    ];
    for (const path of [happy, failed]) {
      path.slice(1).reduce((from, to) => transitionOrder(from, to), path[0]!);
    }
  });

  it("refuses illegal moves", () => {
    expect(() => transitionOrder("priced", "completed")).toThrow(IllegalOrderTransition);
    expect(() => transitionOrder("points_returned", "completed")).toThrow(IllegalOrderTransition);
    expect(() => transitionOrder("completed", "reversing")).toThrow(/completed to reversing/);
    expect(() => transitionOrder("cancelled", "priced")).toThrow(IllegalOrderTransition);
  });

  it("never debits twice: no state leads back to priced", () => {
    for (const state of orderStates) expect(orderTransitions[state]).not.toContain("priced");
  });

  it("ends only in completed, points returned or cancelled, reachable from every state", () => {
    expect([...finalStates].sort()).toEqual(["cancelled", "points_returned"]);
    for (const state of orderStates) {
      const ends = [...reachable(state)].filter((next) => finalStates.includes(next) || next === "completed");
      expect(ends.length, state).toBeGreaterThan(0);
    }
  });

  it("tells the member in plain words", () => {
    expect(memberStatus.completed).toBe("Completed");
    expect(memberStatus.points_returned).toBe("Points returned");
    expect(memberStatus.payment_pending).toBe("Confirming payment");
    expect(memberStatus.needs_attention).toBe("Needs attention");
    expect(memberStatus.cancelled).toBe("Cancelled");
  });
});
