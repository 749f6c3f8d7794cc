/**
 * What staff read after a refund, from the order's state the saga answered
 * and what was paid ("Refunded £90.00 and 9,000 points"), never the order's
 * status word alone.
 */
export function refundOutcome(state: string, paid: { points: string | null; cash: string | null }): string {
  const amounts = [paid.cash, paid.points].filter(Boolean).join(" and ");
  switch (state) {
    case "cancelled":
      return `Refunded ${amounts}.`;
    case "cancelling":
      return `The refund of ${amounts} is under way; the order's timeline shows each step as it is taken.`;
    case "needs_attention":
      return `The refund of ${amounts} did not finish: the order now needs attention.`;
    default:
      return `The refund of ${amounts} was not made.`;
  }
}
