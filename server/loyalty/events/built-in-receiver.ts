import { and, desc, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Database } from "@/server/db/connect";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { webhookEndpoints, webhookReceipts } from "./event-tables";

/** The built-in receiver's path for a partner; the console shows it with the app's origin. */
export function builtInReceiverPath(partnerIdentifier: string): string {
  return `/developers/receiver/${encodeURIComponent(partnerIdentifier)}`;
}

/** Receipts kept per partner: the newest ones. */
export const keptReceipts = 100;
const maxBody = 65_536;

export type ReceiptOutcome = { status: 204 } | { status: 400; reason: string } | { status: 404 };

/**
 * What the sandbox's own receiver does with a post: verifies it as a
 * partner's server would (the `standardwebhooks` package, with the secrets
 * of the partner's endpoints pointing at this receiver, the previous one
 * during a rollover), records it and the outcome, and answers 204 when the
 * signature holds, 400 otherwise (so the sender retries).
 */
export async function receiveWebhook(
  db: Database,
  partnerIdentifier: string,
  receiverUrl: string,
  headers: Headers,
  body: string,
  now: Date,
): Promise<ReceiptOutcome> {
  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.partnerIdentifier, partnerIdentifier));
  if (!partner) return { status: 404 };
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.partnerId, partner.id), eq(webhookEndpoints.url, receiverUrl)));
  const secrets = endpoints.flatMap((endpoint) =>
    endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
      ? [endpoint.secret, endpoint.previousSecret]
      : [endpoint.secret],
  );
  const signed = {
    "webhook-id": headers.get("webhook-id") ?? "",
    "webhook-timestamp": headers.get("webhook-timestamp") ?? "",
    "webhook-signature": headers.get("webhook-signature") ?? "",
  };
  let reason: string | undefined =
    secrets.length === 0 ? "No endpoint of yours points at this receiver, so there is no secret to check with." : "";
  if (body.length > maxBody) reason = "The body is larger than the receiver keeps.";
  if (reason === "") {
    reason = "The signature does not match any of the endpoint's secrets, or the timestamp is too old.";
    for (const secret of secrets) {
      try {
        new Webhook(secret).verify(body, signed);
        reason = undefined;
        break;
      } catch {
        // the next secret, if any (a rollover)
      }
    }
  }
  let eventType: string | null = null;
  try {
    const parsed = JSON.parse(body) as { type?: unknown };
    if (typeof parsed.type === "string") eventType = parsed.type.slice(0, 60);
  } catch {
    // kept as received; the log shows it is not JSON
  }
  await db.insert(webhookReceipts).values({
    partnerId: partner.id,
    webhookId: signed["webhook-id"].slice(0, 100) || null,
    receivedAt: now,
    signatureValid: reason === undefined,
    verificationError: reason ?? null,
    eventType,
    body: body.slice(0, maxBody),
  });
  await db.execute(sql`
    DELETE FROM loyalty.webhook_receipts WHERE partner_id = ${partner.id} AND id NOT IN (
      SELECT id FROM loyalty.webhook_receipts WHERE partner_id = ${partner.id} ORDER BY id DESC LIMIT ${keptReceipts})`);
  return reason === undefined ? { status: 204 } : { status: 400, reason };
}

export async function listReceipts(db: Database, partnerId: number, limit = 20) {
  return db
    .select()
    .from(webhookReceipts)
    .where(eq(webhookReceipts.partnerId, partnerId))
    .orderBy(desc(webhookReceipts.id))
    .limit(limit);
}
