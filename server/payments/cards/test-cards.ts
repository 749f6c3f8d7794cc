import { z } from "zod";
import sandbox from "@/sandbox.json";

export const testCardOutcomes = [
  "APPROVED",
  "DECLINED",
  "DECLINED_INSUFFICIENT_FUNDS",
  "PROCESSING_ERROR",
  "TIMEOUT_UNKNOWN_OUTCOME",
  "CAPTURE_FAILS",
] as const;
export type TestCardOutcome = (typeof testCardOutcomes)[number];

const testCardsSchema = z.array(
  z.object({ number: z.string().regex(/^\d{12,19}$/), outcome: z.enum(testCardOutcomes) }),
);

// sandbox.json is public: the sandbox knows these numbers and no others.
const outcomeByNumber = new Map(
  testCardsSchema.parse(sandbox.paymentTestCards).map((card) => [card.number, card.outcome] as const),
);

/** What a charge of this card does, or undefined for any number that is not a test card. */
export function testCardOutcome(number: string): TestCardOutcome | undefined {
  return outcomeByNumber.get(number);
}
