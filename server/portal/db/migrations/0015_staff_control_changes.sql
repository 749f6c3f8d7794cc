CREATE TABLE "portal"."staff_control_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"control" varchar(40) NOT NULL,
	"from_value" integer NOT NULL,
	"to_value" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"reason" text NOT NULL,
	"requested_by" varchar(50) NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"decided_by" varchar(50),
	"decided_at" timestamp with time zone,
	"decision_note" text,
	CONSTRAINT "staff_control_changes_status" CHECK ("portal"."staff_control_changes"."status" in ('applied', 'pending', 'rejected', 'expired')),
	CONSTRAINT "staff_control_changes_values" CHECK ("portal"."staff_control_changes"."from_value" >= 0 and "portal"."staff_control_changes"."to_value" >= 0),
	CONSTRAINT "staff_control_changes_four_eyes" CHECK ("portal"."staff_control_changes"."decided_by" is null or "portal"."staff_control_changes"."decided_by" <> "portal"."staff_control_changes"."requested_by")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_control_changes_one_pending_idx" ON "portal"."staff_control_changes" USING btree ("control") WHERE "portal"."staff_control_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_control_changes_requested_idx" ON "portal"."staff_control_changes" USING btree ("requested_at");