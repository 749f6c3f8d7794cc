CREATE TABLE "loyalty"."service_rules" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"svc_client_application_name" varchar(50) NOT NULL,
	"authorisation_code_seconds" integer NOT NULL,
	"debit_partner_programme_id" integer NOT NULL,
	CONSTRAINT "service_rules_single_row" CHECK ("loyalty"."service_rules"."id" = 1),
	CONSTRAINT "service_rules_code_seconds_positive" CHECK ("loyalty"."service_rules"."authorisation_code_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "loyalty"."members" ADD COLUMN "post_code_on_file" varchar(8);--> statement-breakpoint
ALTER TABLE "loyalty"."programmes" ADD COLUMN "accepts_credits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty"."programmes" ADD COLUMN "accepts_reversals" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty"."programmes" ADD COLUMN "transactions_variant" varchar(10);--> statement-breakpoint
ALTER TABLE "loyalty"."service_rules" ADD CONSTRAINT "service_rules_debit_partner_programme_id_programmes_id_fk" FOREIGN KEY ("debit_partner_programme_id") REFERENCES "loyalty"."programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."programmes" ADD CONSTRAINT "programmes_transactions_variant" CHECK ("loyalty"."programmes"."transactions_variant" in ('primary', 'other'));--> statement-breakpoint
-- Rules that were read from sandbox.json at run time now live here. A database
-- seeded before this migration keeps behaving as it did: its programmes get the
-- sandbox's rules and the rules row is written. A fresh database has no
-- programme yet, so nothing happens and the seed writes them.
UPDATE "loyalty"."programmes" SET
  "accepts_credits" = "identifier" IN ('NORTHSTAR'),
  "accepts_reversals" = "identifier" IN ('NORTHSTAR', 'MERIDIAN'),
  "transactions_variant" = CASE
    WHEN "identifier" IN ('NORTHSTAR') THEN 'primary'
    WHEN "identifier" IN ('MERIDIAN', 'HORIZON') THEN 'other'
  END;--> statement-breakpoint
INSERT INTO "loyalty"."service_rules" ("id", "svc_client_application_name", "authorisation_code_seconds", "debit_partner_programme_id")
SELECT 1, 'PARTNERPORTAL', 120, "id" FROM "loyalty"."programmes" WHERE "identifier" = 'NORTHSTAR';
