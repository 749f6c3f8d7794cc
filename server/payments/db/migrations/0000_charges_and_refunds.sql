CREATE SCHEMA "payments";
--> statement-breakpoint
CREATE TABLE "payments"."card_tokens" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"brand" varchar(20) NOT NULL,
	"last4" char(4) NOT NULL,
	"fingerprint" char(64) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"test_outcome" varchar(40) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_tokens_last4_digits" CHECK ("payments"."card_tokens"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "card_tokens_exp_month_range" CHECK ("payments"."card_tokens"."exp_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "payments"."charges" (
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
	CONSTRAINT "charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "charges_token_id_unique" UNIQUE("token_id"),
	CONSTRAINT "charges_amount_positive" CHECK ("payments"."charges"."amount" > 0),
	CONSTRAINT "charges_status_known" CHECK ("payments"."charges"."status" in ('captured', 'declined', 'failed')),
	CONSTRAINT "charges_failure_code_iff_not_captured" CHECK (("payments"."charges"."status" = 'captured') = ("payments"."charges"."failure_code" is null))
);
--> statement-breakpoint
CREATE TABLE "payments"."refunds" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"charge_id" varchar(40) NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"reason" varchar(40),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refunds_charge_id_unique" UNIQUE("charge_id"),
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_positive" CHECK ("payments"."refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments"."charges" ADD CONSTRAINT "charges_token_id_card_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "payments"."card_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments"."refunds" ADD CONSTRAINT "refunds_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "payments"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Tokens, charges and refunds are written once: a refund is a new row, never an edit of its charge.
CREATE OR REPLACE FUNCTION "payments"."refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payments.% is append-only (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "card_tokens_append_only" BEFORE UPDATE OR DELETE ON "payments"."card_tokens"
  FOR EACH ROW EXECUTE FUNCTION "payments"."refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "charges_append_only" BEFORE UPDATE OR DELETE ON "payments"."charges"
  FOR EACH ROW EXECUTE FUNCTION "payments"."refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "refunds_append_only" BEFORE UPDATE OR DELETE ON "payments"."refunds"
  FOR EACH ROW EXECUTE FUNCTION "payments"."refuse_change"();
