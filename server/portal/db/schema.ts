import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/** Everything the partner portal owns lives in its own Postgres schema, apart from the service's. */
export const portal = pgSchema("portal");

/**
 * A signed-in member's tokens, kept on the server. The browser's next-auth
 * cookie carries only the random session id (stored here as its SHA-256,
 * so this table alone cannot be turned into a working cookie), the
 * membership number and the programme. Tokens are stored encrypted
 * (AES-256-GCM under a key derived from NEXTAUTH_SECRET).
 */
export const memberSessions = portal.table(
  "member_sessions",
  {
    idHash: char("id_hash", { length: 64 }).primaryKey(),
    /** next-auth provider id: loyalty, meridian or horizon. */
    provider: varchar("provider", { length: 20 }).notNull(),
    membershipNumber: varchar("membership_number", { length: 24 }).notNull(),
    programme: varchar("programme", { length: 20 }).notNull(),
    displayName: varchar("display_name", { length: 120 }),
    accessToken: text("access_token").notNull(),
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }).notNull(),
    /** Null for the further programmes, whose tokens cannot be refreshed by the portal. */
    refreshToken: text("refresh_token"),
    /** Set while one request refreshes the tokens, so no other presents the same (rotating) refresh token. */
    refreshClaimedUntil: timestamp("refresh_claimed_until", { withTimezone: true }),
    /**
     * The language the member's pages speak (en, es, ca, fr, it): the
     * profile's at sign-in, then whatever the profile or the header's switch
     * chose. Kept here, in the database every instance reads, so no page asks
     * the service for it and a change holds at once everywhere.
     */
    locale: varchar("locale", { length: 5 }),
    /** The session ends here whatever the tokens say. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("member_sessions_expires_at_idx").on(table.expiresAt)],
);

/**
 * The shop's products, seeded from `demoShop` of sandbox.json. The
 * kind-specific part (legs, ancillary type, a package's components) is
 * kept as sent in `details` and validated by lib/shop/shop-catalogue.ts
 * when read; the cash price is in minor units.
 */
export const shopProducts = portal.table(
  "shop_products",
  {
    id: varchar("id", { length: 60 }).primaryKey(),
    kind: varchar("kind", { length: 20 }).notNull(),
    name: varchar("name", { length: 120 }).notNull(),
    priceMinor: bigint("price_minor", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    details: jsonb("details").notNull(),
    /** The sandbox's order, which the shop keeps. */
    position: integer("position").notNull(),
  },
  (table) => [check("shop_products_price_positive", sql`${table.priceMinor} > 0`)],
);

/**
 * A product's words in each of the portal's languages, seeded beside the
 * product (lib/shop/demo-shop-texts.ts). `component_names` names a package's
 * components in the order of `details.components`. A language without a row
 * reads the product's own (English) name.
 */
export const shopProductTexts = portal.table(
  "shop_product_texts",
  {
    productId: varchar("product_id", { length: 60 })
      .notNull()
      .references(() => shopProducts.id, { onDelete: "cascade" }),
    locale: varchar("locale", { length: 5 }).notNull(),
    name: varchar("name", { length: 120 }).notNull(),
    description: varchar("description", { length: 600 }).notNull(),
    componentNames: jsonb("component_names")
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [primaryKey({ columns: [table.productId, table.locale] })],
);

/**
 * A price the service gave one member for one product, kept for 15 minutes
 * so the checkout debits exactly the option the member chose, never a
 * stale one. `options` holds the service's options as answered.
 */
export const quotes = portal.table(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    membershipNumber: varchar("membership_number", { length: 24 }).notNull(),
    programme: varchar("programme", { length: 20 }).notNull(),
    productId: varchar("product_id", { length: 60 })
      .notNull()
      .references(() => shopProducts.id),
    priceMinor: bigint("price_minor", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    /** The member's balance when priced, to tell what they could afford. */
    balance: bigint("balance", { mode: "number" }),
    options: jsonb("options").notNull(),
    pricedAt: timestamp("priced_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("quotes_member_idx").on(table.membershipNumber, table.pricedAt),
    index("quotes_expires_at_idx").on(table.expiresAt),
  ],
);

/**
 * Fixed-window counters of the portal's public forms (sign-in start,
 * registration), one row per form and client address, shared by every
 * instance through the database. A hit is one upsert that either counts
 * in the current window or starts a new one (server/portal/rate-limit).
 */
export const rateLimitCounters = portal.table(
  "rate_limit_counters",
  {
    /** Which form: sign-in, register. */
    scope: varchar("scope", { length: 32 }).notNull(),
    /** The client's address as the portal reads it (rateLimitKey in server/http/client-address.ts). */
    clientKey: varchar("client_key", { length: 64 }).notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.clientKey] }),
    index("rate_limit_counters_window_start_idx").on(table.windowStart),
  ],
);

/**
 * The partner's own customers as the portal knows them: every member who
 * signed in to the portal (or ordered, which needs a sign-in), with the
 * name and email the service held then. The staff console searches them by
 * name or email; by membership number it asks the service instead.
 */
export const customers = portal.table(
  "customers",
  {
    membershipNumber: varchar("membership_number", { length: 24 }).primaryKey(),
    programme: varchar("programme", { length: 20 }).notNull(),
    /** As the service stores them: upper-case ASCII. */
    firstName: varchar("first_name", { length: 100 }),
    familyName: varchar("family_name", { length: 100 }),
    email: varchar("email", { length: 100 }),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("customers_family_name_idx").on(table.familyName), index("customers_email_idx").on(table.email)],
);

/**
 * The staff console's accounts (call-centre agents and administrators), seeded
 * from sandbox.json. Usernames are kept in lower case, so they are unique
 * without regard to case; `agent_id` is the username's letters and digits,
 * what the service is sent as X-Agent-Id (it takes nothing else), unique too
 * so two usernames never act under one agent id.
 */
export const staffAccounts = portal.table(
  "staff_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: varchar("username", { length: 50 }).notNull(),
    agentId: varchar("agent_id", { length: 50 }).notNull(),
    role: varchar("role", { length: 10 }).notNull(),
    /** argon2id of the password; never the password. */
    passwordHash: text("password_hash").notNull(),
    /** Set when an administrator disables the account: it can no longer sign in and its sessions are gone. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who created it; null for the sandbox's seeded staff. */
    createdBy: varchar("created_by", { length: 50 }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("staff_accounts_username_idx").on(table.username),
    uniqueIndex("staff_accounts_agent_id_idx").on(table.agentId),
    check("staff_accounts_role", sql`${table.role} in ('AGENT', 'ADMIN')`),
    check("staff_accounts_username_lower", sql`${table.username} = lower(${table.username})`),
  ],
);

/**
 * A signed-in member of staff. The browser's cookie holds only the random
 * session id; the row is keyed by its SHA-256. A session ends at
 * `expires_at`, after `idle` minutes without a request, when its account is
 * disabled or its password reset (the rows are deleted), or at sign-out.
 */
export const staffSessions = portal.table(
  "staff_sessions",
  {
    idHash: char("id_hash", { length: 64 }).primaryKey(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("staff_sessions_staff_id_idx").on(table.staffId),
    index("staff_sessions_expires_at_idx").on(table.expiresAt),
  ],
);

/**
 * The checkout's orders: the saga's state, stored before each step is taken
 * (lib/checkout/order-states.ts), with the keys of every remote
 * call derived from the order and unique here, so no retry, second tab or
 * second worker can make a second debit, charge, reversal or refund.
 * Money is integer minor units and points; of the card only the processor's
 * token, the brand and the last four digits (a check refuses anything else
 * as the token). `member_token` holds the member's access token, sealed,
 * only until the debit's outcome is known (the worker replays P5 with it).
 */
export const orders = portal.table(
  "orders",
  {
    id: uuid("id").primaryKey(),
    /** Shown to the member as e.g. NS-2026-000042. */
    number: bigserial("number", { mode: "number" }).notNull().unique(),
    /** One per checkout form shown: a double click or a second tab finds this order again. */
    checkoutKey: varchar("checkout_key", { length: 100 }).notNull().unique(),
    membershipNumber: varchar("membership_number", { length: 24 }).notNull(),
    programme: varchar("programme", { length: 20 }).notNull(),
    /** No foreign key: quotes are purged after they expire, orders are kept. */
    quoteId: uuid("quote_id").notNull(),
    optionId: varchar("option_id", { length: 20 }).notNull(),
    productId: varchar("product_id", { length: 60 }).notNull(),
    productName: varchar("product_name", { length: 120 }).notNull(),
    points: bigint("points", { mode: "number" }).notNull(),
    cashMinor: bigint("cash_minor", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    cardToken: varchar("card_token", { length: 40 }),
    cardBrand: varchar("card_brand", { length: 20 }),
    cardLast4: char("card_last4", { length: 4 }),
    state: varchar("state", { length: 30 }).notNull(),
    /** Why staff must look at it (needs_attention), in words. */
    attentionReason: text("attention_reason"),
    memberToken: text("member_token"),
    debitKey: varchar("debit_key", { length: 100 }).notNull().unique(),
    debitExternalId: varchar("debit_external_id", { length: 64 }).notNull().unique(),
    debitTransactionId: varchar("debit_transaction_id", { length: 32 }),
    debitedAt: timestamp("debited_at", { withTimezone: true }),
    chargeKey: varchar("charge_key", { length: 100 }).notNull().unique(),
    chargeId: varchar("charge_id", { length: 40 }),
    /** The processor's keys of the card part: held (authorise), then taken (capture) or released (void). */
    authoriseKey: varchar("authorise_key", { length: 100 }).notNull().unique(),
    captureKey: varchar("capture_key", { length: 100 }).notNull().unique(),
    voidKey: varchar("void_key", { length: 100 }).notNull().unique(),
    authorisationId: varchar("authorisation_id", { length: 40 }),
    reversalKey: varchar("reversal_key", { length: 100 }).notNull().unique(),
    reversalExternalId: varchar("reversal_external_id", { length: 64 }).notNull().unique(),
    reversalTransactionId: varchar("reversal_transaction_id", { length: 32 }),
    refundKey: varchar("refund_key", { length: 100 }).notNull().unique(),
    refundId: varchar("refund_id", { length: 40 }),
    /** Who asked for the cancellation: `member`, or `staff:<username>`; and the staff's reason. */
    cancelledBy: varchar("cancelled_by", { length: 80 }),
    cancelReason: varchar("cancel_reason", { length: 500 }),
    /** The lease of whoever drives the order now (the member's request or a worker). */
    leaseToken: uuid("lease_token"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** When the worker may try again (a backoff after an unknown outcome). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("orders_member_idx").on(table.membershipNumber, table.createdAt),
    /** The console's charts read a window of days across every member. */
    index("orders_created_at_idx").on(table.createdAt),
    /** Orders waiting for staff, by when they began to wait (few, whatever the table's size). */
    index("orders_attention_idx")
      .on(table.updatedAt)
      .where(sql`${table.state} = 'needs_attention'`),
    index("orders_unfinished_idx")
      .on(table.nextAttemptAt)
      .where(
        sql`${table.state} in ('priced', 'card_authorised', 'points_debited', 'capturing', 'voiding', 'reversing', 'cancelling')`,
      ),
    check("orders_points_nonnegative", sql`${table.points} >= 0`),
    check("orders_cash_nonnegative", sql`${table.cashMinor} >= 0`),
    check("orders_something_to_pay", sql`${table.points} + ${table.cashMinor} > 0`),
    check(
      "orders_state_known",
      sql`${table.state} in ('priced', 'card_authorised', 'points_debited', 'capturing', 'voiding', 'declined', 'completed', 'cancelling', 'reversing', 'points_returned', 'needs_attention', 'cancelled')`,
    ),
    check("orders_card_token_is_a_token", sql`${table.cardToken} ~ '^tok_[A-Za-z0-9]{24}$'`),
    check("orders_card_last4_digits", sql`${table.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * Failed staff sign-ins per username (lower case, existing or not), counted
 * as the service counts member logins: each attempt is reserved by one
 * statement before its password is verified.
 */
export const staffLoginThrottles = portal.table(
  "staff_login_throttles",
  {
    username: varchar("username", { length: 50 }).notNull(),
    /**
     * The address the failures came from (rateLimitKey): a lock holds for this
     * username from this address only, so nobody elsewhere can lock an
     * administrator out (docs/decisions.md, "Staff lockout").
     */
    clientKey: varchar("client_key", { length: 64 }).notNull().default("unknown"),
    failedAttempts: integer("failed_attempts").notNull(),
    firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.username, table.clientKey] })],
);

/**
 * The staff audit trail: one row per thing a member of staff did, never
 * changed or deleted (a trigger refuses UPDATE, DELETE and TRUNCATE; see the
 * custom migration). A local change writes its row in the change's own
 * transaction; a call to the service writes one row before the call
 * (`attempted`) and one after it (`succeeded`, `failed` or `unknown`), with
 * the same request id.
 */
export const staffAuditEvents = portal.table(
  "staff_audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor: varchar("actor", { length: 50 }).notNull(),
    actorRole: varchar("actor_role", { length: 10 }).notNull(),
    action: varchar("action", { length: 40 }).notNull(),
    outcome: varchar("outcome", { length: 10 }).notNull(),
    /** What the action was about: member, order, staff, audit. */
    targetType: varchar("target_type", { length: 20 }),
    targetId: varchar("target_id", { length: 80 }),
    /** The member concerned, when there is one, so the trail can be read per member. */
    membershipNumber: varchar("membership_number", { length: 24 }),
    reason: text("reason"),
    /** The reason's code from portal.staff_reason_codes, for actions that take one. */
    reasonCode: varchar("reason_code", { length: 30 }).references(() => staffReasonCodes.code),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: varchar("ip", { length: 45 }),
    requestId: varchar("request_id", { length: 64 }).notNull(),
  },
  (table) => [
    index("staff_audit_events_at_idx").on(table.at),
    index("staff_audit_events_actor_idx").on(table.actor, table.id),
    index("staff_audit_events_action_idx").on(table.action, table.id),
    index("staff_audit_events_member_idx").on(table.membershipNumber, table.id),
    index("staff_audit_events_request_idx").on(table.requestId, table.action),
    index("staff_audit_events_reason_code_idx").on(table.reasonCode, table.id),
    check(
      "staff_audit_events_outcome",
      sql`${table.outcome} in ('succeeded', 'attempted', 'failed', 'unknown', 'refused')`,
    ),
  ],
);

/**
 * The order's timeline, append-only (a trigger refuses UPDATE and DELETE):
 * one row per state entered or event, in the transaction that changed the
 * order, with the remote call behind it (operation, HTTP status, the other
 * party's request id). Never a token, a key's secret or a card number.
 */
export const orderEvents = portal.table(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The state entered, or the event (e.g. card_refunded). */
    step: varchar("step", { length: 40 }).notNull(),
    /** The order's state after the step. */
    state: varchar("state", { length: 30 }).notNull(),
    description: varchar("description", { length: 500 }).notNull(),
    /**
     * The same as a code with parameters (lib/checkout/timeline-message.ts),
     * which the page words in its reader's language; null on rows written
     * before it existed, which keep their English description.
     */
    message: jsonb("message"),
    /** Who: `member`, `worker`, or `staff:<username>`. */
    actor: varchar("actor", { length: 80 }).notNull(),
    operation: varchar("operation", { length: 40 }),
    httpStatus: integer("http_status"),
    requestId: varchar("request_id", { length: 100 }),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.id)],
);

/**
 * Why staff move points or money or change a profile: a code from this list
 * (seeded by the migration), with free text required where `needs_text` is
 * set ("other"). A retired code stays for the rows that carry it.
 */
export const staffReasonCodes = portal.table("staff_reason_codes", {
  code: varchar("code", { length: 30 }).primaryKey(),
  label: varchar("label", { length: 80 }).notNull(),
  needsText: boolean("needs_text").notNull().default(false),
  position: integer("position").notNull(),
  retiredAt: timestamp("retired_at", { withTimezone: true }),
});

/**
 * The console's controls over money, one row (id 1), seeded by the
 * migration: above which goodwill credit or refund a second administrator
 * must approve, and how long a request waits before it expires.
 */
export const staffControls = portal.table(
  "staff_controls",
  {
    id: integer("id").primaryKey(),
    /** A goodwill credit of more points than this is a request for approval. */
    goodwillApprovalPoints: integer("goodwill_approval_points").notNull(),
    /** A refund of more cash (minor units) than this is a request for approval. */
    refundApprovalCashMinor: integer("refund_approval_cash_minor").notNull(),
    /** A pending request expires this many minutes after it was made. */
    approvalExpiryMinutes: integer("approval_expiry_minutes").notNull(),
  },
  (table) => [
    check("staff_controls_one_row", sql`${table.id} = 1`),
    check(
      "staff_controls_positive",
      sql`${table.goodwillApprovalPoints} >= 0 and ${table.refundApprovalCashMinor} >= 0 and ${table.approvalExpiryMinutes} > 0`,
    ),
  ],
);

/** Goodwill points each role may put in motion per member of staff per day (UTC); 0 for none. */
export const staffRoleLimits = portal.table(
  "staff_role_limits",
  {
    role: varchar("role", { length: 10 }).primaryKey(),
    dailyGoodwillPoints: integer("daily_goodwill_points").notNull(),
  },
  (table) => [
    check("staff_role_limits_role", sql`${table.role} in ('AGENT', 'ADMIN')`),
    check("staff_role_limits_positive", sql`${table.dailyGoodwillPoints} >= 0`),
  ],
);

/**
 * Every change an administrator made or asked for to the controls above
 * (lib/portal/staff/staff-control-catalogue.ts names them). A change down is
 * stricter and stored `applied` at once; a change up is `pending` until
 * another administrator approves (`applied`) or rejects it, or it expires
 * (`expired`, written when the next change to that control is asked for).
 * One change per control waits at a time, and the database refuses a
 * decision by the one who asked.
 */
export const staffControlChanges = portal.table(
  "staff_control_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    control: varchar("control", { length: 40 }).notNull(),
    /** The control's value when the change was asked for, and the value asked for (stored units). */
    fromValue: integer("from_value").notNull(),
    toValue: integer("to_value").notNull(),
    status: varchar("status", { length: 10 }).notNull(),
    reason: text("reason").notNull(),
    requestedBy: varchar("requested_by", { length: 50 }).notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /** Null when no approval was needed. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    decidedBy: varchar("decided_by", { length: 50 }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: text("decision_note"),
  },
  (table) => [
    uniqueIndex("staff_control_changes_one_pending_idx")
      .on(table.control)
      .where(sql`${table.status} = 'pending'`),
    index("staff_control_changes_requested_idx").on(table.requestedAt),
    check("staff_control_changes_status", sql`${table.status} in ('applied', 'pending', 'rejected', 'expired')`),
    check("staff_control_changes_values", sql`${table.fromValue} >= 0 and ${table.toValue} >= 0`),
    check(
      "staff_control_changes_four_eyes",
      sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.requestedBy}`,
    ),
  ],
);

/**
 * Every goodwill credit staff put in motion, and every refund that needed a
 * second administrator: stored before it is taken. A credit within the
 * threshold is stored `approved` by its maker and performed at once; one
 * above it is `pending` until another administrator approves (a conditional
 * UPDATE … WHERE status = 'pending' takes it exactly once) or rejects it, or
 * it expires. `performed` and `failed` say how the action went. The
 * database refuses a decision by the one who asked.
 */
export const staffAdjustments = portal.table(
  "staff_adjustments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: varchar("kind", { length: 20 }).notNull(),
    /** The form's key: a double submission stores one adjustment; the action's Idempotency-Key derives from it. */
    formKey: uuid("form_key").notNull(),
    status: varchar("status", { length: 12 }).notNull(),
    membershipNumber: varchar("membership_number", { length: 24 }).notNull(),
    orderId: uuid("order_id"),
    points: integer("points"),
    cashMinor: integer("cash_minor"),
    currency: char("currency", { length: 3 }),
    reasonCode: varchar("reason_code", { length: 30 })
      .notNull()
      .references(() => staffReasonCodes.code),
    reason: text("reason"),
    requestedBy: varchar("requested_by", { length: 50 }).notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /** Null when no approval was needed. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    decidedBy: varchar("decided_by", { length: 50 }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: text("decision_note"),
    performedAt: timestamp("performed_at", { withTimezone: true }),
    /** What the action answered, or why it failed (codes, never a secret). */
    result: jsonb("result"),
  },
  (table) => [
    uniqueIndex("staff_adjustments_form_key_idx").on(table.formKey),
    index("staff_adjustments_pending_idx")
      .on(table.requestedAt)
      .where(sql`${table.status} = 'pending'`),
    index("staff_adjustments_daily_idx").on(table.requestedBy, table.requestedAt),
    check("staff_adjustments_kind", sql`${table.kind} in ('goodwill_credit', 'order_refund')`),
    check(
      "staff_adjustments_status",
      sql`${table.status} in ('pending', 'approved', 'rejected', 'expired', 'performed', 'failed', 'unknown')`,
    ),
    check("staff_adjustments_four_eyes", sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.requestedBy}`),
    check(
      "staff_adjustments_subject",
      sql`(${table.kind} = 'goodwill_credit' and ${table.points} > 0) or (${table.kind} = 'order_refund' and ${table.orderId} is not null)`,
    ),
  ],
);
