import type { ZodOpenApiObject } from "zod-openapi";
import { eventDescriptions, eventPayloadSchema, eventTypes } from "@/lib/contract/webhook-events";

type Webhooks = NonNullable<ZodOpenApiObject["webhooks"]>;

const signatureHeaders = {
  "webhook-id": "The event's id (`evt_…`): the same on every retry and replay, your idempotency key.",
  "webhook-timestamp": "Unix seconds of this attempt; refuse one more than 5 minutes away from your clock.",
  "webhook-signature":
    "`v1,<base64 HMAC-SHA256 of {webhook-id}.{webhook-timestamp}.{body}>` with your endpoint's `whsec_` secret; during a secret's rollover, one signature per secret, separated by spaces.",
};

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
          requestBody: { required: true, content: { "application/json": { schema: eventPayloadSchema(type) } } },
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
