CREATE TABLE "payments"."authorisations" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"token_id" varchar(40) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"description" varchar(200) NOT NULL,
	"merchant_reference" varchar(100) NOT NULL,
	"status" varchar(20) NOT NULL,
	"failure_code" varchar(40),
	"card_brand" varchar(20) NOT NULL,
	"card_last4" char(4) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "authorisations_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "authorisations_token_id_unique" UNIQUE("token_id"),
	CONSTRAINT "authorisations_amount_positive" CHECK ("payments"."authorisations"."amount" > 0),
	CONSTRAINT "authorisations_status_known" CHECK ("payments"."authorisations"."status" in ('authorised', 'declined', 'failed')),
	CONSTRAINT "authorisations_failure_code_iff_not_authorised" CHECK (("payments"."authorisations"."status" = 'authorised') = ("payments"."authorisations"."failure_code" is null))
);
--> statement-breakpoint
CREATE TABLE "payments"."captures" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"authorisation_id" varchar(40) NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(20) NOT NULL,
	"failure_code" varchar(40),
	"charge_id" varchar(40),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "captures_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "captures_charge_id_unique" UNIQUE("charge_id"),
	CONSTRAINT "captures_charge_iff_succeeded" CHECK (("payments"."captures"."status" = 'succeeded') = ("payments"."captures"."charge_id" is not null)),
	CONSTRAINT "captures_amount_positive" CHECK ("payments"."captures"."amount" > 0),
	CONSTRAINT "captures_status_known" CHECK ("payments"."captures"."status" in ('succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payments"."voids" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"authorisation_id" varchar(40) NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voids_authorisation_id_unique" UNIQUE("authorisation_id"),
	CONSTRAINT "voids_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payments"."authorisations" ADD CONSTRAINT "authorisations_token_id_card_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "payments"."card_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments"."captures" ADD CONSTRAINT "captures_authorisation_id_authorisations_id_fk" FOREIGN KEY ("authorisation_id") REFERENCES "payments"."authorisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments"."captures" ADD CONSTRAINT "captures_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "payments"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments"."voids" ADD CONSTRAINT "voids_authorisation_id_authorisations_id_fk" FOREIGN KEY ("authorisation_id") REFERENCES "payments"."authorisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "captures_one_success_per_authorisation" ON "payments"."captures" USING btree ("authorisation_id") WHERE "payments"."captures"."status" = 'succeeded';
--> statement-breakpoint
-- Authorisations, captures and voids are written once, as charges are: a capture or a void is a new row.
CREATE TRIGGER "authorisations_append_only" BEFORE UPDATE OR DELETE ON "payments"."authorisations"
  FOR EACH ROW EXECUTE FUNCTION "payments"."refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "captures_append_only" BEFORE UPDATE OR DELETE ON "payments"."captures"
  FOR EACH ROW EXECUTE FUNCTION "payments"."refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "voids_append_only" BEFORE UPDATE OR DELETE ON "payments"."voids"
  FOR EACH ROW EXECUTE FUNCTION "payments"."refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "authorisations_no_truncate" BEFORE TRUNCATE ON "payments"."authorisations"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments"."refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "captures_no_truncate" BEFORE TRUNCATE ON "payments"."captures"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments"."refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "voids_no_truncate" BEFORE TRUNCATE ON "payments"."voids"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments"."refuse_change"();
