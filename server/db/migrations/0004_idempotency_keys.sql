ALTER TABLE "loyalty"."transactions" DROP COLUMN "request_fingerprint";--> statement-breakpoint
CREATE TABLE "loyalty"."idempotency_keys" (
	"partner_id" integer NOT NULL,
	"key" varchar(255) NOT NULL,
	"operation" varchar(40) NOT NULL,
	"request_fingerprint" char(64) NOT NULL,
	"lease_token" char(32),
	"locked_until" timestamp with time zone,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_partner_id_key_pk" PRIMARY KEY("partner_id","key"),
	CONSTRAINT "idempotency_keys_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "idempotency_keys_claimed_or_completed" CHECK (("loyalty"."idempotency_keys"."transaction_id" is null and "loyalty"."idempotency_keys"."lease_token" is not null and "loyalty"."idempotency_keys"."locked_until" is not null) or ("loyalty"."idempotency_keys"."transaction_id" is not null and "loyalty"."idempotency_keys"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "loyalty"."transactions" ADD COLUMN "agent_id" varchar(50);--> statement-breakpoint
ALTER TABLE "loyalty"."idempotency_keys" ADD CONSTRAINT "idempotency_keys_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."idempotency_keys" ADD CONSTRAINT "idempotency_keys_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "loyalty"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "loyalty"."idempotency_keys" USING btree ("created_at");