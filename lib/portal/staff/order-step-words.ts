/**
 * An order's timeline steps as staff read them: the step's name in words
 * ("Card payment held", not `card_authorised`), the remote call named by
 * what it did ("Points debit (P5), answered 201"), and a staff refund's own
 * sentence, kept apart from the reason staff gave. The codes stay one click
 * away, under "Technical details".
 */
const stepNames: Record<string, string> = {
  priced: "Order placed",
  card_authorised: "Card payment held",
  declined: "Card declined",
  points_debited: "Points debited",
  capturing: "Charging the card",
  capture_failed: "Card payment failed",
  completed: "Completed",
  voiding: "Releasing the card hold",
  reversing: "Returning the points",
  points_returned: "Points returned",
  cancelling: "Refund asked",
  card_refunded: "Card refunded",
  cancelled: "Cancelled",
  needs_attention: "Needs attention",
};

/** "card_authorised" → "Card payment held"; an unknown step is its words with the underscores gone. */
export function orderStepName(step: string): string {
  const known = stepNames[step];
  if (known) return known;
  const words = step.replace(/[_-]+/g, " ").trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : step;
}

/**
 * What the stored sentence says, in the console's words: a refund staff asked
 * for was stored as "Refund by NAME of staff: REASON" and reads "Refund asked
 * by NAME. Reason: REASON"; a settlement likewise.
 */
export function orderStepSentence(description: string): string {
  const refund = /^Refund by (\S+) of staff: ([\s\S]*)$/.exec(description);
  if (refund) return `Refund asked by ${refund[1]}. Reason: ${refund[2]}`;
  const settled = /^Settled by (\S+) of staff \(([^)]*)\): ([\s\S]*)$/.exec(description);
  if (settled) return `Settled by ${settled[1]} as “${settled[2]}”. Reason: ${settled[3]}`;
  return description;
}
