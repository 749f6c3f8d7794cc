CREATE TABLE "portal"."staff_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"form_key" uuid NOT NULL,
	"status" varchar(12) NOT NULL,
	"membership_number" varchar(24) NOT NULL,
	"order_id" uuid,
	"points" integer,
	"cash_minor" integer,
	"currency" char(3),
	"reason_code" varchar(30) NOT NULL,
	"reason" text,
	"requested_by" varchar(50) NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"decided_by" varchar(50),
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"performed_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "staff_adjustments_kind" CHECK ("portal"."staff_adjustments"."kind" in ('goodwill_credit', 'order_refund')),
	CONSTRAINT "staff_adjustments_status" CHECK ("portal"."staff_adjustments"."status" in ('pending', 'approved', 'rejected', 'expired', 'performed', 'failed', 'unknown')),
	CONSTRAINT "staff_adjustments_four_eyes" CHECK ("portal"."staff_adjustments"."decided_by" is null or "portal"."staff_adjustments"."decided_by" <> "portal"."staff_adjustments"."requested_by"),
	CONSTRAINT "staff_adjustments_subject" CHECK (("portal"."staff_adjustments"."kind" = 'goodwill_credit' and "portal"."staff_adjustments"."points" > 0) or ("portal"."staff_adjustments"."kind" = 'order_refund' and "portal"."staff_adjustments"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "portal"."staff_controls" (
	"id" integer PRIMARY KEY NOT NULL,
	"goodwill_approval_points" integer NOT NULL,
	"refund_approval_cash_minor" integer NOT NULL,
	"approval_expiry_minutes" integer NOT NULL,
	CONSTRAINT "staff_controls_one_row" CHECK ("portal"."staff_controls"."id" = 1),
	CONSTRAINT "staff_controls_positive" CHECK ("portal"."staff_controls"."goodwill_approval_points" >= 0 and "portal"."staff_controls"."refund_approval_cash_minor" >= 0 and "portal"."staff_controls"."approval_expiry_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "portal"."staff_reason_codes" (
	"code" varchar(30) PRIMARY KEY NOT NULL,
	"label" varchar(80) NOT NULL,
	"needs_text" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal"."staff_role_limits" (
	"role" varchar(10) PRIMARY KEY NOT NULL,
	"daily_goodwill_points" integer NOT NULL,
	CONSTRAINT "staff_role_limits_role" CHECK ("portal"."staff_role_limits"."role" in ('AGENT', 'ADMIN')),
	CONSTRAINT "staff_role_limits_positive" CHECK ("portal"."staff_role_limits"."daily_goodwill_points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "portal"."staff_audit_events" DROP CONSTRAINT "staff_audit_events_outcome";--> statement-breakpoint
ALTER TABLE "portal"."staff_audit_events" ADD COLUMN "reason_code" varchar(30);--> statement-breakpoint
ALTER TABLE "portal"."staff_adjustments" ADD CONSTRAINT "staff_adjustments_reason_code_staff_reason_codes_code_fk" FOREIGN KEY ("reason_code") REFERENCES "portal"."staff_reason_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_adjustments_form_key_idx" ON "portal"."staff_adjustments" USING btree ("form_key");--> statement-breakpoint
CREATE INDEX "staff_adjustments_pending_idx" ON "portal"."staff_adjustments" USING btree ("requested_at") WHERE "portal"."staff_adjustments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_adjustments_daily_idx" ON "portal"."staff_adjustments" USING btree ("requested_by","requested_at");--> statement-breakpoint
ALTER TABLE "portal"."staff_audit_events" ADD CONSTRAINT "staff_audit_events_reason_code_staff_reason_codes_code_fk" FOREIGN KEY ("reason_code") REFERENCES "portal"."staff_reason_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_events_request_idx" ON "portal"."staff_audit_events" USING btree ("request_id","action");--> statement-breakpoint
CREATE INDEX "staff_audit_events_reason_code_idx" ON "portal"."staff_audit_events" USING btree ("reason_code","id");--> statement-breakpoint
ALTER TABLE "portal"."staff_audit_events" ADD CONSTRAINT "staff_audit_events_outcome" CHECK ("portal"."staff_audit_events"."outcome" in ('succeeded', 'attempted', 'failed', 'unknown', 'refused'));--> statement-breakpoint
-- The reason codes staff choose from; "other" needs free text.
INSERT INTO "portal"."staff_reason_codes" ("code", "label", "needs_text", "position") VALUES
  ('service_recovery', 'Service recovery', false, 1),
  ('flight_disruption', 'Flight disruption', false, 2),
  ('complaint', 'Complaint', false, 3),
  ('data_correction', 'Data correction', false, 4),
  ('fraud_review', 'Fraud review', false, 5),
  ('other', 'Other', true, 6);--> statement-breakpoint
-- Above 10,000 points or £250.00 of card refund a second administrator approves; a request waits 3 days at most.
INSERT INTO "portal"."staff_controls" ("id", "goodwill_approval_points", "refund_approval_cash_minor", "approval_expiry_minutes")
  VALUES (1, 10000, 25000, 4320);--> statement-breakpoint
-- Agents credit no goodwill points; each administrator puts at most 100,000 in motion per day.
INSERT INTO "portal"."staff_role_limits" ("role", "daily_goodwill_points") VALUES ('AGENT', 0), ('ADMIN', 100000);
