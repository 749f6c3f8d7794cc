import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
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
    /** The client's address as the portal reads it (see server/portal/client-address.ts). */
    clientKey: varchar("client_key", { length: 64 }).notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.clientKey] }),
    index("rate_limit_counters_window_start_idx").on(table.windowStart),
  ],
);
