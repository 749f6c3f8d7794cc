import { z } from "zod";

/**
 * The partner events (the spec's "Events: not shown", an extension): what a
 * webhook endpoint receives. Standard Webhooks payloads: `type`,
 * `timestamp` and `data`; the `webhook-id` header is the event's id, the
 * receiver's idempotency key. Data carries identifiers, never personal
 * details: a partner reads those through the API with its own credentials.
 */
export const eventTypes = [
  "points.credited",
  "points.debited",
  "points.reversed",
  "points.debit_settled",
  "membership.updated",
  "security_profile.registered",
] as const;
export type EventType = (typeof eventTypes)[number];

export const eventTypeSchema = z.enum(eventTypes);

export const eventDescriptions: Record<EventType, string> = {
  "points.credited": "Points were credited to an account (P4) with one of your keys.",
  "points.debited": "Points were debited from an account (P5) with one of your keys or clients.",
  "points.reversed":
    "One of your debits was reversed (P6), by you, by an agent of your offline channel or by the programme's staff.",
  "points.debit_settled":
    "One of your debits (P5) can no longer be reversed: its reversal window ended with no reversal (P6), so what it paid for is final.",
  "membership.updated": "A membership's details were changed (P8) with one of your keys or clients.",
  "security_profile.registered": "A membership got its login credentials (P7) through one of your keys.",
};

const transactionSchema = z.object({
  identifier: z.string().meta({ description: "The transaction's identifier, as P9 lists it." }),
  points: z
    .string()
    .regex(/^[0-9]+$/)
    .meta({ description: "The points moved, a positive integer as a string." }),
  externalTransactionIdentifier: z.string(),
  dateMade: z.iso.datetime(),
  agentId: z.string().nullable().meta({ description: "The X-Agent-Id of an offline channel's agent, if any." }),
});

const pointsData = z.object({
  programmeIdentifier: z.string(),
  membershipNumber: z.string(),
  balance: z
    .string()
    .regex(/^[0-9]+$/)
    .meta({ description: "The account's balance once the points moved." }),
  transaction: transactionSchema,
});

const reversalData = pointsData.extend({
  reversedTransactionIdentifier: z.string().meta({ description: "The identifier of the debit reversed." }),
});

const settlementData = z.object({
  programmeIdentifier: z.string(),
  membershipNumber: z.string(),
  transaction: transactionSchema.meta({
    description: "The debit that became final, as its points.debited event gave it.",
  }),
  settledAt: z.iso
    .datetime()
    .meta({ description: "When its reversal window ended: the debit's dateMade plus your reversal window." }),
});

const membershipData = z.object({
  membershipNumber: z.string(),
  changedElements: z
    .array(z.string())
    .meta({ description: "Which parts of the membership changed, as P8's request names them; never their values." }),
  agentId: z.string().nullable(),
});

const registrationData = z.object({ membershipNumber: z.string() });

export const eventDataSchemas = {
  "points.credited": pointsData,
  "points.debited": pointsData,
  "points.reversed": reversalData,
  "points.debit_settled": settlementData,
  "membership.updated": membershipData,
  "security_profile.registered": registrationData,
} satisfies Record<EventType, z.ZodType>;

export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>;

/** The body of a webhook of this type. */
export function eventPayloadSchema<T extends EventType>(type: T) {
  return z
    .object({
      type: z.literal(type),
      timestamp: z.iso
        .datetime()
        .meta({ description: "When the change was made (for points.debit_settled, when the window ended)." }),
      data: eventDataSchemas[type],
      test: z
        .boolean()
        .optional()
        .meta({ description: "Present and true on a test event sent from the console: no change behind it." }),
    })
    .meta({ id: `${type.replace(/[._]/g, "-")}-event`, description: eventDescriptions[type] });
}

/** The JSON body posted for an event. */
export function eventPayload(event: { type: string; createdAt: Date; data: unknown; test: boolean }): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data: event.data,
    ...(event.test ? { test: true } : {}),
  });
}
