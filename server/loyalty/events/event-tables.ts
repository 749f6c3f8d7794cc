import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, loyalty } from "@/server/loyalty/db/loyalty-schema";
import { partners } from "@/server/loyalty/partners/partner-tables";

/**
 * A partner's webhook endpoint: where its events are posted, signed with a
 * Standard Webhooks `whsec_` secret. After a roll the previous secret keeps
 * signing too (a second signature) until `previous_secret_expires_at`.
 */
export const webhookEndpoints = loyalty.table(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    url: varchar("url", { length: 2000 }).notNull(),
    /** The event types posted here (lib/events/event-types.ts). */
    eventTypes: text("event_types").array().notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    /** Why the endpoint was turned off, in the developer's words (e.g. "It answered 410 Gone"). */
    disabledReason: varchar("disabled_reason", { length: 200 }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_partner_idx").on(t.partnerId)],
);

/**
 * The outbox: one row per event, written by the statement or transaction
 * that makes the change (never for a change rolled back). Its id is the
 * `webhook-id` every delivery of it carries: the receiver's idempotency key.
 */
export const webhookEvents = loyalty.table(
  "webhook_events",
  {
    id: varchar("id", { length: 40 })
      .primaryKey()
      .default(sql`'evt_' || replace(gen_random_uuid()::text, '-', '')`),
    /** The partner the event is for. */
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 60 }).notNull(),
    data: jsonb("data").notNull(),
    /** A "send a test event" from the console: made-up data, no change behind it. */
    test: boolean("test").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_events_partner_time_idx").on(t.partnerId, t.createdAt),
    // The retention's purge reads old events across partners.
    index("webhook_events_created_idx").on(t.createdAt),
  ],
);

export const webhookDeliveryStates = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

/**
 * One event for one endpoint (made by a trigger on webhook_events for every
 * enabled endpoint wanting its type, or by a replay). The worker claims due
 * rows with FOR UPDATE SKIP LOCKED and a lease, posts after the commit.
 */
export const webhookDeliveries = loyalty.table(
  "webhook_deliveries",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: varchar("event_id", { length: 40 })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    state: varchar("state", { length: 20 }).notNull().default("pending").$type<WebhookDeliveryState>(),
    /** Attempts since the delivery was last (re)queued: the retry schedule's position. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseToken: uuid("lease_token"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint_uq").on(t.eventId, t.endpointId),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`state = 'pending'`),
  ],
);

/** Every attempt of a delivery, as the delivery log shows it. */
export const webhookAttempts = loyalty.table(
  "webhook_attempts",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint("delivery_id", { mode: "bigint" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    /** The HTTP status answered; null when no answer came (timeout, refused address, network error). */
    statusCode: smallint("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    /** The first characters of the answer's body, or why there was none. */
    responseExcerpt: varchar("response_excerpt", { length: 500 }),
  },
  (t) => [
    index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt),
    // The retention's purge reads old attempts whatever their delivery.
    index("webhook_attempts_time_idx").on(t.attemptedAt),
  ],
);

/**
 * Every replay asked for (one row per delivery it queued again), so the log can show an attempt made after a
 * replay as a replay, not as a retry: a delivery's attempts since its latest replay belong to that replay.
 */
export const webhookReplays = loyalty.table(
  "webhook_replays",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint("delivery_id", { mode: "bigint" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webhook_replays_delivery_idx").on(t.deliveryId, t.requestedAt)],
);

/** What the sandbox's built-in receiver got, with the outcome of verifying its signature. */
export const webhookReceipts = loyalty.table(
  "webhook_receipts",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    webhookId: varchar("webhook_id", { length: 100 }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** True when a secret of the partner's endpoint pointing here verified it (standardwebhooks). */
    signatureValid: boolean("signature_valid").notNull(),
    /** Why verification failed, in the developer's words. */
    verificationError: varchar("verification_error", { length: 200 }),
    eventType: varchar("event_type", { length: 60 }),
    body: text("body").notNull(),
  },
  (t) => [index("webhook_receipts_partner_time_idx").on(t.partnerId, t.receivedAt)],
);

/**
 * How far each partner's debits have been settled (points.debit_settled):
 * the last debit, by (date_made, id), whose reversal window was found ended.
 * One row per partner that takes the event; the settlement pass moves it
 * forward in the transaction that writes the events, under an advisory lock.
 */
export const debitSettlementMarks = loyalty.table("debit_settlement_marks", {
  partnerId: integer("partner_id")
    .primaryKey()
    .references(() => partners.id, { onDelete: "cascade" }),
  throughDateMade: timestamp("through_date_made", { withTimezone: true }).notNull(),
  throughTransactionId: bigint("through_transaction_id", { mode: "bigint" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookEvent = typeof webhookEvents.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
