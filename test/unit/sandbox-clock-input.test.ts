import { describe, expect, it } from "vitest";
import { advanceClockInput, clockUnitMs, maxClockStepMs } from "@/lib/developers/sandbox-clock-schema";

describe("the clock's move-forward form, as its action parses it", () => {
  it("takes a whole amount of minutes, hours or days and says how far in milliseconds", () => {
    expect(advanceClockInput.parse({ amount: " 25 ", unit: "hours" })).toEqual({
      amount: 25,
      unit: "hours",
      byMs: 25 * clockUnitMs.hours,
    });
    expect(advanceClockInput.parse({ amount: "366", unit: "days" }).byMs).toBe(maxClockStepMs);
  });

  it("refuses nothing, zero, fractions, negative or text amounts, a step past a year and any other unit", () => {
    for (const amount of ["", "0", "1.5", "-3", "two", "1e3", "367"]) {
      const unit = amount === "367" ? "days" : "hours";
      expect(advanceClockInput.safeParse({ amount, unit }).success, amount).toBe(false);
    }
    expect(advanceClockInput.safeParse({ amount: "1", unit: "weeks" }).success).toBe(false);
    expect(advanceClockInput.safeParse({ amount: "600000", unit: "minutes" }).success).toBe(false);
  });
});
