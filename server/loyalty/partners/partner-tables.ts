import { boolean, char, integer, jsonb, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt, loyalty } from "@/server/loyalty/db/loyalty-schema";

export const partners = loyalty.table("partners", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  partnerIdentifier: varchar("partner_identifier", { length: 20 }).notNull().unique(),
  name: varchar("name", { length: 100 }).notNull(),
  status: varchar("status", { length: 10 }).notNull().$type<"ACTIVE" | "INACTIVE">(),
  /** Partner name written into credit transactions (`externalSource`). */
  externalSource: varchar("external_source", { length: 10 }),
  reversalWindowHours: integer("reversal_window_hours").notNull().default(24),
  /** The partner's agreed pricing configuration (P9), as in sandbox.json. */
  pricingConfiguration: jsonb("pricing_configuration"),
  /**
   * Requests each of the partner's api keys may make per second, and per UTC
   * day (USAGE_RATE_EXCEEDED, USAGE_RATE_LIMIT_EXCEEDED). The defaults are the
   * sandbox's: generous enough for a partner's test suite and the benchmark.
   */
  requestsPerSecond: integer("requests_per_second").notNull().default(2_000),
  requestsPerDay: integer("requests_per_day").notNull().default(10_000_000),
  /**
   * A prospective partner's own sandbox, made at a developer's sign-up: its
   * agents reach only its own member copies (docs/decisions.md, "Developer console").
   */
  developerSandbox: boolean("developer_sandbox").notNull().default(false),
  createdAt: createdAt(),
});

export const apiKeys = loyalty.table("api_keys", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  partnerId: integer("partner_id")
    .notNull()
    .references(() => partners.id, { onDelete: "cascade" }),
  /** SHA-256 of the key: a stolen table does not hand out working keys. */
  keyHash: char("key_hash", { length: 64 }).notNull().unique(),
  /** First characters of the key, for logs and the staff console. */
  keyPrefix: varchar("key_prefix", { length: 8 }).notNull(),
  environment: varchar("environment", { length: 10 }).notNull().$type<"staging" | "live">(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  /** Written at most every few seconds per instance (server/loyalty/developers/key-usage.ts). */
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export type Partner = typeof partners.$inferSelect;
