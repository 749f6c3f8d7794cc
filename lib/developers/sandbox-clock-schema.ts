import { z } from "zod";

/** How far the console moves a sandbox's clock in one step. */
export const clockUnits = ["minutes", "hours", "days"] as const;
export type ClockUnit = (typeof clockUnits)[number];

export const clockUnitMs: Record<ClockUnit, number> = {
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
};

/** One step moves the clock at most a year; a sandbox's clock runs at most five years ahead of real time. */
export const maxClockStepMs = 366 * clockUnitMs.days;
export const maxClockOffsetMs = 5 * 366 * clockUnitMs.days;

export const clockAmountMessage = "Enter a whole number of minutes, hours or days, from 1, at most one year in all.";

/** The console's "move forward" form, as its server action parses it (the clock never goes back). */
export const advanceClockInput = z
  .object({
    amount: z
      .string()
      .trim()
      .regex(/^[0-9]{1,6}$/, clockAmountMessage)
      .transform(Number)
      .refine((amount) => amount >= 1, clockAmountMessage),
    unit: z.enum(clockUnits, { error: "Choose minutes, hours or days." }),
  })
  .refine(({ amount, unit }) => amount * clockUnitMs[unit] <= maxClockStepMs, {
    message: clockAmountMessage,
    path: ["amount"],
  })
  .transform(({ amount, unit }) => ({ amount, unit, byMs: amount * clockUnitMs[unit] }));

/** What the console shows of a sandbox's clock (ISO times, so it crosses to the browser as it is). */
export interface SandboxClockView {
  /** The sandbox's time when the page was made. */
  sandboxTime: string;
  /** Milliseconds ahead of real time (0: real time). */
  offsetMs: number;
  /** Whether the console may move it (the Demo Partner's clock keeps real time). */
  movable: boolean;
}
