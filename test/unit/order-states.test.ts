import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  IllegalOrderTransition,
  finalStates,
  isUnfinished,
  memberStatus,
  orderStates,
  orderTransitions,
  transitionOrder,
  unfinishedStates,
  type OrderState,
} from "@/lib/checkout/order-states";

const isState = (word: string): word is OrderState => (orderStates as readonly string[]).includes(word);

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
  it("walks the authorise-first paths: held, debited, captured; declined; capture failed, voided, reversed", () => {
    const paths: OrderState[][] = [
      ["priced", "card_authorised", "points_debited", "capturing", "completed"],
      ["priced", "card_authorised", "capturing", "completed"],
      ["priced", "declined"],
      ["priced", "card_authorised", "points_debited", "capturing", "voiding", "reversing", "points_returned"],
      ["priced", "card_authorised", "voiding", "cancelled"],
    ];
    for (const path of paths) path.slice(1).reduce((from, to) => transitionOrder(from, to), path[0]!);
    expect(() => transitionOrder("card_authorised", "completed")).toThrow(IllegalOrderTransition);
    expect(() => transitionOrder("declined", "card_authorised")).toThrow(IllegalOrderTransition);
  });

  it("walks the paths without a card part or without points: debited and completed; cash only; debit refused", () => {
    const paths: OrderState[][] = [
      ["priced", "points_debited", "completed"],
      ["priced", "cancelled"],
      ["priced", "card_authorised", "capturing", "voiding", "cancelled"],
    ];
    for (const path of paths) path.slice(1).reduce((from, to) => transitionOrder(from, to), path[0]!);
  });

  it("has one path to a charged card: held, then captured; nothing charges in one step", () => {
    const leadsToCompleted = orderStates.filter((state) => orderTransitions[state].includes("completed"));
    expect(leadsToCompleted.sort()).toEqual(["capturing", "needs_attention", "points_debited"]);
    // points_debited completes only an all-points order: with a card part it goes on to capturing.
    expect(() => transitionOrder("priced", "capturing")).toThrow(IllegalOrderTransition);
    expect(() => transitionOrder("points_debited", "reversing")).toThrow(IllegalOrderTransition);
    expect(() => transitionOrder("card_authorised", "cancelled")).toThrow(IllegalOrderTransition);
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

  it("ends only in completed, points returned, cancelled or declined, reachable from every state", () => {
    expect([...finalStates].sort()).toEqual(["cancelled", "declined", "points_returned"]);
    for (const state of orderStates) {
      const ends = [...reachable(state)].filter((next) => finalStates.includes(next) || next === "completed");
      expect(ends.length, state).toBeGreaterThan(0);
    }
  });

  it("cancels a completed order through cancelling, and completes an all-points order without a charge", () => {
    const cancelled: OrderState[] = [
      "priced",
      "card_authorised",
      "points_debited",
      "capturing",
      "completed",
      "cancelling",
      "cancelled",
    ];
    cancelled.slice(1).reduce((from, to) => transitionOrder(from, to), cancelled[0]!);
    expect(transitionOrder("points_debited", "completed")).toBe("completed");
    expect(transitionOrder("priced", "cancelled")).toBe("cancelled");
    expect(() => transitionOrder("completed", "cancelled")).toThrow(IllegalOrderTransition);
    expect(() => transitionOrder("cancelling", "completed")).toThrow(IllegalOrderTransition);
  });

  it("leaves to the worker exactly the states a step still has to leave", () => {
    expect(unfinishedStates).toEqual([
      "priced",
      "card_authorised",
      "points_debited",
      "capturing",
      "voiding",
      "reversing",
      "cancelling",
    ]);
    for (const state of orderStates) {
      const waitsForSomeone = finalStates.includes(state) || state === "completed" || state === "needs_attention";
      expect(isUnfinished(state), state).toBe(!waitsForSomeone);
    }
  });

  it("keeps the table in docs/checkout-states.md in step with the module", () => {
    const table = readFileSync(path.join(process.cwd(), "docs/checkout-states.md"), "utf8");
    for (const state of orderStates) {
      const row = table.split("\n").find((line) => line.startsWith(`| ${state} `));
      expect(row, state).toBeDefined();
      const cells = row!.split("|").map((cell) => cell.trim());
      expect(cells[2], state).toBe(memberStatus[state]);
      const listed = [...cells[3]!.matchAll(/[a-z_]+/g)].map((match) => match[0]).filter((word) => isState(word));
      expect(listed, state).toEqual([...orderTransitions[state]]);
    }
  });

  it("tells the member in plain words", () => {
    expect(memberStatus.completed).toBe("Completed");
    expect(memberStatus.points_returned).toBe("Points returned");
    expect(memberStatus.capturing).toBe("Confirming payment");
    expect(memberStatus.needs_attention).toBe("Needs attention");
    expect(memberStatus.cancelled).toBe("Cancelled");
    expect(memberStatus.cancelling).toBe("Cancelled");
    expect(memberStatus.declined).toBe("Card declined");
    expect(new Set(Object.values(memberStatus))).toEqual(
      new Set(["Completed", "Points returned", "Confirming payment", "Needs attention", "Cancelled", "Card declined"]),
    );
  });
});
