import { sql } from "drizzle-orm";
import { boolean, char, check, index, integer, primaryKey, varchar } from "drizzle-orm/pg-core";
import { loyalty } from "@/server/loyalty/db/loyalty-schema";
import { partners } from "@/server/loyalty/partners/partner-tables";

export const programmes = loyalty.table(
  "programmes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    identifier: varchar("identifier", { length: 20 }).notNull().unique(),
    name: varchar("name", { length: 100 }).notNull(),
    role: varchar("role", { length: 10 }).notNull().$type<"primary" | "further" | "other">(),
    /** The organisation that runs the programme (`programmePartner`), absent for some. */
    organisationIdentifier: varchar("organisation_identifier", { length: 20 }),
    organisationName: varchar("organisation_name", { length: 100 }),
    /** Display order in programme lists. */
    position: integer("position").notNull(),
    /** P4 credits accounts of this programme. */
    acceptsCredits: boolean("accepts_credits").notNull().default(false),
    /** P6 reverses debits of this programme's accounts. */
    acceptsReversals: boolean("accepts_reversals").notNull().default(false),
    /** Which variant of P3 serves the programme's transactions; null: none. */
    transactionsVariant: varchar("transactions_variant", { length: 10 }).$type<"primary" | "other">(),
  },
  (t) => [check("programmes_transactions_variant", sql`${t.transactionsVariant} in ('primary', 'other')`)],
);

export const programmeCountries = loyalty.table(
  "programme_countries",
  {
    programmeId: integer("programme_id")
      .notNull()
      .references(() => programmes.id, { onDelete: "cascade" }),
    countryCode: char("country_code", { length: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.programmeId, t.countryCode] }),
    index("programme_countries_country_idx").on(t.countryCode),
  ],
);

export const partnerProgrammes = loyalty.table(
  "partner_programmes",
  {
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    programmeId: integer("programme_id")
      .notNull()
      .references(() => programmes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.programmeId] })],
);

export type Programme = typeof programmes.$inferSelect;
