import { char, index, pgSchema, text, timestamp, varchar } from "drizzle-orm/pg-core";

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
