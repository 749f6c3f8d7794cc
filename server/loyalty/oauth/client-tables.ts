import { integer, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, loyalty } from "@/server/loyalty/db/loyalty-schema";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";

export const oauthClients = loyalty.table("oauth_clients", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  partnerId: integer("partner_id")
    .notNull()
    .references(() => partners.id, { onDelete: "cascade" }),
  clientId: varchar("client_id", { length: 40 }).notNull().unique(),
  /** argon2id hash of the client password or partner secret. */
  secretHash: text("secret_hash").notNull(),
  /** `member_login`: A1/A2 of the primary programme; `further_programmes`: A3/A4. */
  kind: varchar("kind", { length: 20 }).notNull().$type<"member_login" | "further_programmes">(),
  businessContextIdentifier: varchar("business_context_identifier", { length: 50 }),
  /** When the secret last authenticated the client (A2, A4, revocation). */
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  secretRolledAt: timestamp("secret_rolled_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const oauthRedirectUris = loyalty.table(
  "oauth_redirect_uris",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    /** Compared byte for byte with what a request sends. */
    uri: text("uri").notNull(),
    /** Further programmes register one URI per programme. */
    programmeId: integer("programme_id").references(() => programmes.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("oauth_redirect_uris_client_uri_uq").on(t.clientId, t.uri)],
);

export type OAuthClient = typeof oauthClients.$inferSelect;
