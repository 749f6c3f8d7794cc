import {
  type AnyPgColumn,
  bigint,
  char,
  date,
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, loyalty } from "@/server/loyalty/db/loyalty-schema";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";

export const members = loyalty.table("members", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  membershipNumber: varchar("membership_number", { length: 24 }).notNull().unique(),
  firstName: varchar("first_name", { length: 100 }),
  familyName: varchar("family_name", { length: 100 }).notNull(),
  title: varchar("title", { length: 30 }),
  dateOfBirth: date("date_of_birth", { mode: "string" }),
  countryOfResidence: char("country_of_residence", { length: 2 }),
  languageCode: char("language_code", { length: 2 }),
  emailAddress: varchar("email_address", { length: 50 }),
  joinDate: date("join_date", { mode: "string" }).notNull(),
  /**
   * The postcode the programme holds on file (upper case, no spaces), which a
   * registration (P7) must give; not a postal address, which needs lines.
   */
  postCodeOnFile: varchar("post_code_on_file", { length: 8 }),
  /**
   * The developer sandbox partner owning this copy of a sandbox persona; null
   * for the shared sandbox members. Deleting the partner deletes its copies.
   */
  sandboxPartnerId: integer("sandbox_partner_id").references((): AnyPgColumn => partners.id, { onDelete: "cascade" }),
  /** The sandbox persona (its published membership number) this member is a copy of. */
  personaNumber: varchar("persona_number", { length: 24 }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Programmes a membership is associated with (its own programme first). */
export const membershipProgrammes = loyalty.table(
  "membership_programmes",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    programmeId: integer("programme_id")
      .notNull()
      .references(() => programmes.id, { onDelete: "cascade" }),
    associatedAt: timestamp("associated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.programmeId] })],
);

export const postalAddresses = loyalty.table(
  "postal_addresses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 10 }).notNull().$type<"PERSONAL" | "BUSINESS">(),
    lines: jsonb("lines").$type<string[]>().notNull(),
    countryCode: char("country_code", { length: 2 }).notNull(),
    postCode: varchar("post_code", { length: 8 }),
    validation: varchar("validation", { length: 10 }).notNull().default("SYSTEM").$type<"EXPLICIT" | "SYSTEM">(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("postal_addresses_member_type_uq").on(t.memberId, t.type)],
);

export const telecomAddresses = loyalty.table(
  "telecom_addresses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 10 }).notNull().$type<"PERSONAL" | "BUSINESS">(),
    deviceType: varchar("device_type", { length: 10 }).notNull().$type<"PHONE" | "MOBILE">(),
    countryCode: varchar("country_code", { length: 5 }),
    areaCode: varchar("area_code", { length: 5 }),
    number: varchar("number", { length: 15 }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("telecom_addresses_member_kind_uq").on(t.memberId, t.type, t.deviceType)],
);

export const marketingPreferences = loyalty.table(
  "marketing_preferences",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    campaignType: varchar("campaign_type", { length: 20 }).notNull().$type<"TRAVEL_OFFERS" | "PARTNER">(),
    communicationChannel: varchar("communication_channel", { length: 10 }).notNull().$type<"POSTAL">(),
    indicator: char("indicator", { length: 1 }).notNull().$type<"Y" | "N">(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.campaignType] })],
);

export const contactPreferences = loyalty.table(
  "contact_preferences",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    communicationChannel: varchar("communication_channel", { length: 10 }).notNull().$type<"EMAIL" | "SMS" | "PHONE">(),
    indicator: char("indicator", { length: 1 }).notNull().$type<"Y" | "N">(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.communicationChannel] })],
);

/**
 * Identity documents the programme holds for a member: those on file before
 * registration (the sandbox's `registeredIdentifier`) and those a ZA
 * resident gives at registration (P7).
 */
export const registeredIdentifiers = loyalty.table("registered_identifiers", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  memberId: integer("member_id")
    .notNull()
    .references(() => members.id, { onDelete: "cascade" }),
  type: varchar("type", { length: 30 }).notNull().$type<"PASSPORT" | "NATIONAL_IDENTITY_CARD">(),
  /** Stored hashed: a document number is not needed in clear after registration. */
  identifierHash: text("identifier_hash").notNull(),
});

/**
 * Registrations (P7) whose details did not match what the programme holds,
 * per membership, shared by every app instance: like the login lockout, but
 * keyed by the membership under attack.
 */
export const registrationThrottles = loyalty.table("registration_throttles", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * Who changed a membership and what (P8), one row per update that changed
 * anything: the partner, the agent of an offline channel (X-Agent-Id) and the
 * names of the elements written, never their values (those live in the
 * membership's own tables). Append-only, like the journal.
 */
export const membershipChanges = loyalty.table(
  "membership_changes",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    agentId: varchar("agent_id", { length: 50 }),
    /** E.g. `title`, `postalAddress.PERSONAL`, `contactPreference.EMAIL`, `programme.MERIDIAN`. */
    elements: jsonb("elements").$type<string[]>().notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("membership_changes_member_idx").on(t.memberId, t.changedAt)],
);

export type Member = typeof members.$inferSelect;
export type MembershipChange = typeof membershipChanges.$inferSelect;
