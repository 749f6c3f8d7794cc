/** What a payment with each test card of the payments sandbox does (sandbox.json's `paymentTestCards`). */
export const testCardOutcomes = [
  "APPROVED",
  "DECLINED",
  "DECLINED_INSUFFICIENT_FUNDS",
  "PROCESSING_ERROR",
  "TIMEOUT_UNKNOWN_OUTCOME",
  "CAPTURE_FAILS",
] as const;
export type TestCardOutcome = (typeof testCardOutcomes)[number];

export const isTestCardOutcome = (outcome: string): outcome is TestCardOutcome =>
  (testCardOutcomes as readonly string[]).includes(outcome);

/** A test card of the payments sandbox as the checkout lists it: its number and what a payment with it does. */
export interface TestCard {
  number: string;
  outcome: string;
}

/**
 * The public test cards, picked out of sandbox.json by a server component and handed to the
 * browser as props: a client component that imported sandbox.json would ship all of it (keys,
 * client secrets) in its script.
 */
export function testCardsOf(sandbox: { paymentTestCards: readonly TestCard[] }): TestCard[] {
  return sandbox.paymentTestCards.map(({ number, outcome }) => ({ number, outcome }));
}
