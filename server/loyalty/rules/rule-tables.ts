import { sql } from "drizzle-orm";
import { check, integer, smallint, varchar } from "drizzle-orm/pg-core";
import { loyalty } from "@/server/loyalty/db/loyalty-schema";
import { programmes } from "@/server/loyalty/programmes/programme-tables";

/**
 * The service's own rules, one row (sandbox.json seeds it): read through a
 * short cache (server/loyalty/rules), never from the seed file at run time.
 */
export const serviceRules = loyalty.table(
  "service_rules",
  {
    id: smallint("id").primaryKey().default(1),
    /** The `svc_client_applicationName` partners register and P3's primary variant requires. */
    svcClientApplicationName: varchar("svc_client_application_name", { length: 50 }).notNull(),
    /** Seconds an authorisation code stays redeemable (spec: 2 minutes). */
    authorisationCodeSeconds: integer("authorisation_code_seconds").notNull(),
    /** P5 is open only to partners registered with this programme. */
    debitPartnerProgrammeId: integer("debit_partner_programme_id")
      .notNull()
      .references(() => programmes.id),
  },
  (t) => [
    check("service_rules_single_row", sql`${t.id} = 1`),
    check("service_rules_code_seconds_positive", sql`${t.authorisationCodeSeconds} > 0`),
  ],
);

export type ServiceRulesRow = typeof serviceRules.$inferSelect;
