import { Webhook } from "standardwebhooks";

/**
 * The Standard Webhooks headers of one attempt: the event id (the same on
 * every attempt), this attempt's time, and one `v1,` signature per secret
 * that signs (two during a secret's rollover, space separated).
 */
export function webhookHeaders(
  eventId: string,
  body: string,
  secrets: readonly string[],
  at: Date,
): Record<string, string> {
  const signature = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(" ");
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signature,
  };
}
