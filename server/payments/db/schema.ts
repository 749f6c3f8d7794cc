import { sql } from "drizzle-orm";
import { bigint, char, check, pgSchema, smallint, timestamp, varchar } from "drizzle-orm/pg-core";

/** Everything the card processor stand-in owns, apart from the service's and the portal's tables. */
export const payments = pgSchema("payments");

/**
 * A tokenised card. The full number is never stored: only what a processor
 * may keep (brand, last four digits, a keyed fingerprint) and which test
 * card it was, which decides what a charge of it does. The security code is
 * checked and forgotten.
 */
export const cardTokens = payments.table(
  "card_tokens",
  {
    id: varchar("id", { length: 40 }).primaryKey(),
    brand: varchar("brand", { length: 20 }).notNull(),
    last4: char("last4", { length: 4 }).notNull(),
    /** HMAC-SHA256 of the number: tells the same card again without keeping it. */
    fingerprint: char("fingerprint", { length: 64 }).notNull(),
    expMonth: smallint("exp_month").notNull(),
    expYear: smallint("exp_year").notNull(),
    /** The test card's outcome in sandbox.json (APPROVED, DECLINED, ...). */
    testOutcome: varchar("test_outcome", { length: 40 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("card_tokens_last4_digits", sql`${table.last4} ~ '^[0-9]{4}$'`),
    check("card_tokens_exp_month_range", sql`${table.expMonth} between 1 and 12`),
  ],
);

/**
 * One row per charge attempt, written once with its outcome. The
 * idempotency key and the token are unique, so a retried or concurrent
 * request can never charge twice and a token pays once.
 */
export const charges = payments.table(
  "charges",
  {
    id: varchar("id", { length: 40 }).primaryKey(),
    idempotencyKey: varchar("idempotency_key", { length: 255 }).notNull().unique("charges_idempotency_key_unique"),
    /** SHA-256 of the request's parsed body: the same key with another body is refused. */
    requestHash: char("request_hash", { length: 64 }).notNull(),
    tokenId: varchar("token_id", { length: 40 })
      .notNull()
      .references(() => cardTokens.id)
      .unique("charges_token_id_unique"),
    /** Integer minor units of `currency`. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    description: varchar("description", { length: 200 }).notNull(),
    merchantReference: varchar("merchant_reference", { length: 100 }).notNull(),
    status: varchar("status", { length: 20 }).notNull(),
    /** Why a charge is not captured: a decline code or processing_error. */
    failureCode: varchar("failure_code", { length: 40 }),
    cardBrand: varchar("card_brand", { length: 20 }).notNull(),
    cardLast4: char("card_last4", { length: 4 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("charges_amount_positive", sql`${table.amount} > 0`),
    check("charges_status_known", sql`${table.status} in ('captured', 'declined', 'failed')`),
    check(
      "charges_failure_code_iff_not_captured",
      sql`(${table.status} = 'captured') = (${table.failureCode} is null)`,
    ),
  ],
);

/** Full refunds: at most one per charge, enforced by the database. */
export const refunds = payments.table(
  "refunds",
  {
    id: varchar("id", { length: 40 }).primaryKey(),
    chargeId: varchar("charge_id", { length: 40 })
      .notNull()
      .references(() => charges.id)
      .unique("refunds_charge_id_unique"),
    idempotencyKey: varchar("idempotency_key", { length: 255 }).notNull().unique("refunds_idempotency_key_unique"),
    requestHash: char("request_hash", { length: 64 }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    reason: varchar("reason", { length: 40 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [check("refunds_amount_positive", sql`${table.amount} > 0`)],
);

export type CardTokenRow = typeof cardTokens.$inferSelect;
export type ChargeRow = typeof charges.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
