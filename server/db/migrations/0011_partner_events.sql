CREATE TABLE "loyalty"."webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" smallint,
	"latency_ms" integer NOT NULL,
	"response_excerpt" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "loyalty"."webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" varchar(40) NOT NULL,
	"endpoint_id" integer NOT NULL,
	"state" varchar(20) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_token" uuid,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty"."webhook_endpoints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."webhook_endpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"url" varchar(2000) NOT NULL,
	"event_types" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty"."webhook_events" (
	"id" varchar(40) PRIMARY KEY DEFAULT 'evt_' || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"partner_id" integer NOT NULL,
	"type" varchar(60) NOT NULL,
	"data" jsonb NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty"."webhook_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."webhook_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"webhook_id" varchar(100),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signature_valid" boolean NOT NULL,
	"verification_error" varchar(200),
	"event_type" varchar(60),
	"body" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty"."webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "loyalty"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "loyalty"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "loyalty"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."webhook_events" ADD CONSTRAINT "webhook_events_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."webhook_receipts" ADD CONSTRAINT "webhook_receipts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "loyalty"."webhook_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint_uq" ON "loyalty"."webhook_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "loyalty"."webhook_deliveries" USING btree ("next_attempt_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_endpoints_partner_idx" ON "loyalty"."webhook_endpoints" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "webhook_events_partner_time_idx" ON "loyalty"."webhook_events" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_receipts_partner_time_idx" ON "loyalty"."webhook_receipts" USING btree ("partner_id","received_at");--> statement-breakpoint
-- An event reaches every enabled endpoint of its partner that wants its type, in the transaction that wrote it.
CREATE OR REPLACE FUNCTION "loyalty"."fan_out_webhook_event"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "loyalty"."webhook_deliveries" ("event_id", "endpoint_id")
  SELECT NEW."id", e."id"
  FROM "loyalty"."webhook_endpoints" e
  WHERE e."partner_id" = NEW."partner_id" AND e."enabled" AND NEW."type" = ANY (e."event_types");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "webhook_events_fan_out"
  AFTER INSERT ON "loyalty"."webhook_events"
  FOR EACH ROW EXECUTE FUNCTION "loyalty"."fan_out_webhook_event"();
