import { z } from "zod";
import type { DeclineCode } from "@/lib/payments-contract/error-catalogue";
import { testCardOutcomes, type TestCardOutcome } from "@/lib/payments-contract/test-cards";
import sandbox from "@/sandbox.json";

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

/** What the processor does with a test card, the one table every money call of the sandbox reads. */
export interface TestCardBehaviour {
  /** How an authorisation of the card ends. */
  authorisation: "authorised" | "declined" | "failed";
  failureCode: DeclineCode | "processing_error" | null;
  /** Held (or taken) for real, but answered after the merchant has given up, as when a network times out. */
  answersLate: boolean;
  /** Every capture of its authorisations fails: nothing is taken. */
  capturesFail: boolean;
}

const behaviours: Record<TestCardOutcome, TestCardBehaviour> = {
  APPROVED: { authorisation: "authorised", failureCode: null, answersLate: false, capturesFail: false },
  DECLINED: { authorisation: "declined", failureCode: "card_declined", answersLate: false, capturesFail: false },
  DECLINED_INSUFFICIENT_FUNDS: {
    authorisation: "declined",
    failureCode: "insufficient_funds",
    answersLate: false,
    capturesFail: false,
  },
  // Recorded as failed, so a lookup can say for certain that no money was held or taken.
  PROCESSING_ERROR: {
    authorisation: "failed",
    failureCode: "processing_error",
    answersLate: false,
    capturesFail: false,
  },
  TIMEOUT_UNKNOWN_OUTCOME: { authorisation: "authorised", failureCode: null, answersLate: true, capturesFail: false },
  CAPTURE_FAILS: { authorisation: "authorised", failureCode: null, answersLate: false, capturesFail: true },
};

export function testCardBehaviour(outcome: string): TestCardBehaviour {
  return behaviours[outcome as TestCardOutcome];
}

/**
 * A one-step charge is an authorisation captured at once: captured when both
 * would succeed, failed when the capture would fail (nothing taken).
 */
export function chargeBehaviour(outcome: string): {
  status: "captured" | "declined" | "failed";
  failureCode: TestCardBehaviour["failureCode"];
  answersLate: boolean;
} {
  const card = testCardBehaviour(outcome);
  if (card.authorisation !== "authorised")
    return { status: card.authorisation, failureCode: card.failureCode, answersLate: card.answersLate };
  if (card.capturesFail) return { status: "failed", failureCode: "processing_error", answersLate: card.answersLate };
  return { status: "captured", failureCode: null, answersLate: card.answersLate };
}
