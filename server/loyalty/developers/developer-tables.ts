import { char, index, integer, primaryKey, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt, loyalty } from "@/server/loyalty/db/loyalty-schema";
import { partners } from "@/server/loyalty/partners/partner-tables";

/**
 * A prospective partner's developer: signs in to /developers with an email
 * and an argon2id password, and owns one sandbox partner.
 */
export const developerAccounts = loyalty.table("developer_accounts", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** Lower case; unique. */
  email: varchar("email", { length: 254 }).notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  partnerId: integer("partner_id")
    .notNull()
    .references(() => partners.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  /** The last sign-in: with the sandbox keys' last use, what keeps an idle sandbox from expiring. */
  lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }),
});

/** Signed-in developers: the cookie holds a random id, the table its SHA-256. */
export const developerSessions = loyalty.table(
  "developer_sessions",
  {
    idHash: char("id_hash", { length: 64 }).primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => developerAccounts.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("developer_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Failed developer sign-ins per email AND client address (an IPv4 address
 * or IPv6 /64), with the member login's lockout rules: guesses from one
 * address lock the email from that address only.
 */
export const developerLoginThrottles = loyalty.table(
  "developer_login_throttles",
  {
    email: varchar("email", { length: 254 }).notNull(),
    clientKey: varchar("client_key", { length: 100 }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.email, t.clientKey] })],
);

export type DeveloperAccount = typeof developerAccounts.$inferSelect;
