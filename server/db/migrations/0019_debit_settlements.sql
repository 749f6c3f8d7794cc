CREATE TABLE "loyalty"."debit_settlement_marks" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"through_date_made" timestamp with time zone NOT NULL,
	"through_transaction_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty"."debit_settlement_marks" ADD CONSTRAINT "debit_settlement_marks_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_partner_debit_date_idx" ON "loyalty"."transactions" USING btree ("partner_id","date_made","id") WHERE "loyalty"."transactions"."kind" = 'DEBIT';