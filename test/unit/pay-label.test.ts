import { describe, expect, it } from "vitest";
import { payLabel } from "@/components/checkout/pay-label";
import { choiceSentence } from "@/components/checkout/choice-summary";

describe("the Pay button's name", () => {
  it("states both legs, only the card leg, or only the points", () => {
    expect(payLabel(9000, "GBP", 9000)).toBe("Pay £90.00 and 9,000 points");
    expect(payLabel(18000, "GBP")).toBe("Pay £180.00");
    expect(payLabel(0, "GBP", 18000)).toBe("Pay 18,000 points");
    expect(payLabel(0, "GBP", 1)).toBe("Pay 1 point");
  });
});

describe("the checkout's confirmation", () => {
  it("names both legs before anything is taken", () => {
    expect(choiceSentence(9000, 9000, "GBP")).toBe("You pay 9,000 points and £90.00 by card.");
    expect(choiceSentence(0, 18000, "GBP")).toBe("You pay £180.00 by card. No points are used.");
    expect(choiceSentence(18000, 0, "GBP")).toBe("You pay 18,000 points. No card payment is needed.");
  });
});
