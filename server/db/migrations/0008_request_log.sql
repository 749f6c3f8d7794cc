CREATE TABLE "loyalty"."request_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."request_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"environment" varchar(10) NOT NULL,
	"request_id" uuid NOT NULL,
	"operation" varchar(40) NOT NULL,
	"method" varchar(10) NOT NULL,
	"path" varchar(600) NOT NULL,
	"status" smallint NOT NULL,
	"error_code" varchar(60),
	"child_error_code" varchar(60),
	"duration_ms" real NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty"."request_log" ADD CONSTRAINT "request_log_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_log_partner_time_idx" ON "loyalty"."request_log" USING btree ("partner_id","requested_at");--> statement-breakpoint
CREATE INDEX "request_log_request_id_idx" ON "loyalty"."request_log" USING btree ("request_id");