import type { ZodOpenApiObject } from "zod-openapi";
import {
  eventDescriptions,
  eventPayloadSchema,
  eventTypes,
  type EventData,
  type EventType,
} from "@/lib/contract/webhook-events";

type Webhooks = NonNullable<ZodOpenApiObject["webhooks"]>;

const signatureHeaders = {
  "webhook-id": "The event's id (`evt_…`): the same on every retry and replay, your idempotency key.",
  "webhook-timestamp": "Unix seconds of this attempt; refuse one more than 5 minutes away from your clock.",
  "webhook-signature":
    "`v1,<base64 HMAC-SHA256 of {webhook-id}.{webhook-timestamp}.{body}>` with your endpoint's `whsec_` secret; during a secret's rollover, one signature per secret, separated by spaces.",
};

const at = "2026-11-20T10:00:01.234Z";
const transaction = {
  identifier: "TX7K2M9Q4X1B3N8P5R6S0T2V",
  points: "5000",
  externalTransactionIdentifier: "ORDER-2026-000123",
  dateMade: at,
  agentId: null,
};
const points = { programmeIdentifier: "NORTHSTAR", membershipNumber: "3081000000000001", transaction };

/** What each event's body holds, as the sandbox posts it (sandbox.json's first member). */
const exampleData: { [T in EventType]: EventData<T> } = {
  "points.credited": { ...points, balance: "255000" },
  "points.debited": { ...points, balance: "245000" },
  "points.reversed": {
    ...points,
    balance: "250000",
    transaction: {
      ...transaction,
      identifier: "TX9R4B2C7D1E6F3G8H5J0K2L",
      externalTransactionIdentifier: "ORDER-2026-000123.R",
    },
    reversedTransactionIdentifier: "TX7K2M9Q4X1B3N8P5R6S0T2V",
  },
  "points.debit_settled": { ...points, settledAt: "2026-11-21T10:00:01.234Z" },
  "membership.updated": {
    membershipNumber: "3081000000000001",
    changedElements: ["emailAddress"],
    agentId: "AGENT007",
  },
  "security_profile.registered": { membershipNumber: "3081000000000003" },
};

/** An event's body, for the document's example of it. */
export function exampleEvent<T extends EventType>(type: T) {
  const data = exampleData[type];
  // A settlement happens when the window ends, not when a request is made: its timestamp is that moment.
  const timestamp = "settledAt" in data ? data.settledAt : at;
  return { type, timestamp, data };
}

/** The partner events as OpenAPI 3.1 `webhooks`: one POST per event type to the partner's endpoint. */
export function webhookOperations(): Webhooks {
  return Object.fromEntries(
    eventTypes.map((type) => [
      type,
      {
        post: {
          operationId: `webhook-${type.replace(/[._]/g, "-")}`,
          tags: ["Events"],
          summary: type,
          description: `${eventDescriptions[type]} Signed per Standard Webhooks; see the [events guide](/docs/guides/webhooks). No ordering is promised: use \`timestamp\` and the API.`,
          security: [],
          parameters: Object.entries(signatureHeaders).map(([name, description]) => ({
            name,
            in: "header" as const,
            required: true,
            description,
            schema: { type: "string" as const },
          })),
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: eventPayloadSchema(type),
                examples: { [type]: { summary: type, value: exampleEvent(type) } },
              },
            },
          },
          responses: {
            "2XX": { description: "Received: any 2xx ends the delivery." },
            "410": { description: "Gone: the endpoint is disabled, no further deliveries." },
            "429": { description: "Slow down: the next retry waits longer (so do 502 and 504)." },
            default: { description: "Any other answer, or none within the timeout, is retried on the schedule." },
          },
        },
      },
    ]),
  );
}
