import { z } from "zod";

/**
 * What a timeline entry says, as a code with its parameters: stored beside
 * the English description (which staff read and which rows written before
 * the codes keep), and worded by the member's page in its reader's
 * language (messages' `orders.timeline.messages`). Amounts are integers
 * (points, minor units), the card only its brand and last four digits; an
 * identifier the member may quote (the service's transaction, the refund)
 * goes under "Technical details".
 */
export const timelineMessageCodes = [
  "placed",
  "cardHeld",
  "cardDeclined",
  "pointsUsed",
  "charging",
  "cardCharged",
  "paidInPoints",
  "paymentNotTaken",
  "pointsNotUsedSignIn",
  "pointsNotUsedBalance",
  "pointsNotUsedRefused",
  "pointsNotUsedNotReached",
  "holdReleasedReturning",
  "nothingChargedReturning",
  "holdReleased",
  "nothingCharged",
  "pointsReturned",
  "cardRefunded",
  "cancellationAsked",
  "cancelledRefundedReturned",
  "cancelledRefunded",
  "cancelledReturned",
  "needsAttention",
] as const;

export type TimelineMessageCode = (typeof timelineMessageCodes)[number];

export const timelineMessageSchema = z.object({
  code: z.enum(timelineMessageCodes),
  points: z.number().int().nonnegative().optional(),
  cashMinor: z.number().int().nonnegative().optional(),
  currency: z.string().length(3).optional(),
  card: z.object({ brand: z.string().max(20), last4: z.string().regex(/^\d{4}$/) }).optional(),
  /** The service's transaction or the processor's refund, for "Technical details". */
  reference: z.object({ kind: z.enum(["transaction", "refund"]), id: z.string().max(64) }).optional(),
});

export type TimelineMessage = z.infer<typeof timelineMessageSchema>;

/** A stored message back, or undefined for none or one this code no longer reads (the English description stands). */
export function readTimelineMessage(stored: unknown): TimelineMessage | undefined {
  const parsed = timelineMessageSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

/** The amounts and card of an order, as most messages carry them. */
export function orderFacts(order: {
  points: number;
  cashMinor: number;
  currency: string;
  cardBrand: string | null;
  cardLast4: string | null;
}): Omit<TimelineMessage, "code"> {
  return {
    points: order.points,
    cashMinor: order.cashMinor,
    currency: order.currency,
    ...(order.cardBrand && order.cardLast4 ? { card: { brand: order.cardBrand, last4: order.cardLast4 } } : {}),
  };
}

/** The message with `code` and the order's amounts and card. */
export function orderMessage(
  code: TimelineMessageCode,
  order: Parameters<typeof orderFacts>[0],
  reference?: TimelineMessage["reference"],
): TimelineMessage {
  return { code, ...orderFacts(order), ...(reference ? { reference } : {}) };
}
