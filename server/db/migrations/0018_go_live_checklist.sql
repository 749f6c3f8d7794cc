CREATE TABLE "loyalty"."webhook_replays" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."webhook_replays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty"."request_log" ADD COLUMN "response_headers" jsonb;--> statement-breakpoint
ALTER TABLE "loyalty"."webhook_replays" ADD CONSTRAINT "webhook_replays_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "loyalty"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_replays_delivery_idx" ON "loyalty"."webhook_replays" USING btree ("delivery_id","requested_at");