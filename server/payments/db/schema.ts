import { sql } from "drizzle-orm";
import { bigint, char, check, pgSchema, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

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

/**
 * An authorisation (manual capture): the amount held on the card, not yet
 * taken. Written once with its outcome, like a charge; what happens to it
 * later (a capture, a void) is a row of its own, so the table stays
 * append-only. One per idempotency key and one per token.
 */
export const authorisations = payments.table(
  "authorisations",
  {
    id: varchar("id", { length: 40 }).primaryKey(),
    idempotencyKey: varchar("idempotency_key", { length: 255 })
      .notNull()
      .unique("authorisations_idempotency_key_unique"),
    requestHash: char("request_hash", { length: 64 }).notNull(),
    tokenId: varchar("token_id", { length: 40 })
      .notNull()
      .references(() => cardTokens.id)
      .unique("authorisations_token_id_unique"),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    description: varchar("description", { length: 200 }).notNull(),
    merchantReference: varchar("merchant_reference", { length: 100 }).notNull(),
    /** authorised (held), declined or failed: never changed; captures and voids say the rest. */
    status: varchar("status", { length: 20 }).notNull(),
    failureCode: varchar("failure_code", { length: 40 }),
    cardBrand: varchar("card_brand", { length: 20 }).notNull(),
    cardLast4: char("card_last4", { length: 4 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** After this an authorisation neither captured nor voided lapses: the hold is released. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("authorisations_amount_positive", sql`${table.amount} > 0`),
    check("authorisations_status_known", sql`${table.status} in ('authorised', 'declined', 'failed')`),
    check(
      "authorisations_failure_code_iff_not_authorised",
      sql`(${table.status} = 'authorised') = (${table.failureCode} is null)`,
    ),
  ],
);

/**
 * Each capture attempt, with its outcome. A successful one makes a charge
 * (status captured, the authorisation's token and card), so a captured
 * authorisation is refunded as any charge is. At most one succeeds per
 * authorisation (a partial unique index); a failed one (the CAPTURE_FAILS
 * card) is kept so its key replays the failure.
 */
export const captures = payments.table(
  "captures",
  {
    id: varchar("id", { length: 40 }).primaryKey(),
    authorisationId: varchar("authorisation_id", { length: 40 })
      .notNull()
      .references(() => authorisations.id),
    idempotencyKey: varchar("idempotency_key", { length: 255 }).notNull().unique("captures_idempotency_key_unique"),
    requestHash: char("request_hash", { length: 64 }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: varchar("status", { length: 20 }).notNull(),
    failureCode: varchar("failure_code", { length: 40 }),
    /** The charge a successful capture made (refunded as any charge is). */
    chargeId: varchar("charge_id", { length: 40 })
      .references(() => charges.id)
      .unique("captures_charge_id_unique"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("captures_charge_iff_succeeded", sql`(${table.status} = 'succeeded') = (${table.chargeId} is not null)`),
    uniqueIndex("captures_one_success_per_authorisation")
      .on(table.authorisationId)
      .where(sql`${table.status} = 'succeeded'`),
    check("captures_amount_positive", sql`${table.amount} > 0`),
    check("captures_status_known", sql`${table.status} in ('succeeded', 'failed')`),
  ],
);

/** The release of an authorisation's hold: at most one per authorisation. */
export const voids = payments.table("voids", {
  id: varchar("id", { length: 40 }).primaryKey(),
  authorisationId: varchar("authorisation_id", { length: 40 })
    .notNull()
    .references(() => authorisations.id)
    .unique("voids_authorisation_id_unique"),
  idempotencyKey: varchar("idempotency_key", { length: 255 }).notNull().unique("voids_idempotency_key_unique"),
  requestHash: char("request_hash", { length: 64 }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export type AuthorisationRow = typeof authorisations.$inferSelect;
export type CaptureRow = typeof captures.$inferSelect;
export type VoidRow = typeof voids.$inferSelect;
