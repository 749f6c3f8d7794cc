import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { EventType } from "@/lib/contract/webhook-events";
import type { WebhookEndpointInput } from "@/lib/developers/webhook-endpoint-schema";
import type { Database } from "@/server/db/connect";
import { webhookEndpoints } from "./event-tables";

/** How long a rolled secret keeps signing beside the new one, so receivers can switch without losing events. */
export const secretRolloverHours = 24;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export interface ConsoleEndpoint {
  id: number;
  url: string;
  eventTypes: EventType[];
  enabled: boolean;
  disabledReason: string | null;
  createdAt: Date;
  /** Until when the previous secret still signs, after a roll. */
  rolloverEndsAt: Date | null;
}

export async function listEndpoints(db: Database, partnerId: number, now = new Date()): Promise<ConsoleEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.partnerId, partnerId))
    .orderBy(asc(webhookEndpoints.id));
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes as EventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt,
    rolloverEndsAt:
      row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now
        ? row.previousSecretExpiresAt
        : null,
  }));
}

/** A partner has at most this many endpoints (the sandbox is shared). */
export const maxEndpointsPerPartner = 10;

/** Adds an endpoint; its secret is returned this once. Refused when the partner has too many, or one at this URL. */
export async function createEndpoint(
  db: Database,
  partnerId: number,
  input: WebhookEndpointInput,
): Promise<{ id: number; secret: string } | { refused: "too-many" | "duplicate" }> {
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const held = await tx
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.partnerId, partnerId))
      .for("update");
    if (held.some((endpoint) => endpoint.url === input.url)) return { refused: "duplicate" as const };
    if (held.length >= maxEndpointsPerPartner) return { refused: "too-many" as const };
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ partnerId, url: input.url, eventTypes: [...new Set(input.eventTypes)], secret })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error("endpoint insert returned no row");
    return { id: row.id, secret };
  });
}

/** A new secret; the one it replaces keeps signing for secretRolloverHours. Undefined when not the partner's. */
export async function rollEndpointSecret(
  db: Database,
  partnerId: number,
  endpointId: number,
  now: Date,
): Promise<string | undefined> {
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.partnerId, partnerId)))
      .for("update");
    if (!current) return undefined;
    await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(now.getTime() + secretRolloverHours * 3_600_000),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, endpointId));
    return secret;
  });
}

/** Turns an endpoint on or off; false when it is not the partner's. */
export async function setEndpointEnabled(
  db: Database,
  partnerId: number,
  endpointId: number,
  enabled: boolean,
  now = new Date(),
): Promise<boolean> {
  const updated = await db
    .update(webhookEndpoints)
    .set({ enabled, disabledReason: enabled ? null : "Turned off in the console.", updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.partnerId, partnerId)))
    .returning({ id: webhookEndpoints.id });
  return updated.length > 0;
}

/** Removes an endpoint with its deliveries and attempts; false when it is not the partner's. */
export async function deleteEndpoint(db: Database, partnerId: number, endpointId: number): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.partnerId, partnerId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}
