import { boolean, char, index, integer, jsonb, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt, loyalty } from "@/server/loyalty/db/loyalty-schema";
import { members } from "@/server/loyalty/members/member-tables";
import { oauthClients } from "./client-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";

export const authorisationCodes = loyalty.table(
  "authorisation_codes",
  {
    /** SHA-256 of the code; the code itself is only ever in the redirect. */
    codeHash: char("code_hash", { length: 64 }).primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    programmeId: integer("programme_id")
      .notNull()
      .references(() => programmes.id),
    /** The redirect URI the code was issued for (null when the request named none). */
    redirectUri: text("redirect_uri"),
    scope: text("scope"),
    codeChallenge: varchar("code_challenge", { length: 128 }),
    codeChallengeMethod: varchar("code_challenge_method", { length: 10 }),
    authenticationLevel: varchar("authentication_level", { length: 20 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("authorisation_codes_expires_idx").on(t.expiresAt)],
);

/**
 * Every access and refresh token issued. Access tokens are JWTs whose `jti`
 * is the id here, so a signed token can still be revoked.
 */
export const tokens = loyalty.table(
  "tokens",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    kind: varchar("kind", { length: 10 }).notNull().$type<"access" | "refresh">(),
    /** All tokens descending from one authorisation code share a family. */
    familyId: varchar("family_id", { length: 64 }).notNull(),
    clientId: integer("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    memberId: integer("member_id").references(() => members.id, { onDelete: "cascade" }),
    programmeId: integer("programme_id").references(() => programmes.id),
    scope: text("scope"),
    /** SHA-256 of opaque tokens (refresh tokens); null for JWTs, found by id. */
    tokenHash: char("token_hash", { length: 64 }).unique(),
    authorisationCodeHash: char("authorisation_code_hash", { length: 64 }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** A rotated refresh token has been exchanged once; presenting it again revokes its family. */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("tokens_family_idx").on(t.familyId),
    index("tokens_code_idx").on(t.authorisationCodeHash),
    // The purge deletes expired tokens without reading the whole table.
    index("tokens_expires_idx").on(t.expiresAt),
  ],
);

/** Token signing keys, generated on first start and shared by every instance. */
export const signingKeys = loyalty.table("signing_keys", {
  kid: varchar("kid", { length: 64 }).primaryKey(),
  algorithm: varchar("algorithm", { length: 10 }).notNull(),
  publicJwk: jsonb("public_jwk").notNull(),
  privateJwk: jsonb("private_jwk").notNull(),
  active: boolean("active").notNull().default(true),
  /** Set when the key is retired: after this moment it no longer verifies anything, nor is it published. */
  verifyUntil: timestamp("verify_until", { withTimezone: true }),
  createdAt: createdAt(),
});

export type AuthorisationCode = typeof authorisationCodes.$inferSelect;
export type Token = typeof tokens.$inferSelect;
