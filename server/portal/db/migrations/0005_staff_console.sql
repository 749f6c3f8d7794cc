CREATE TABLE "portal"."customers" (
	"membership_number" varchar(24) PRIMARY KEY NOT NULL,
	"programme" varchar(20) NOT NULL,
	"first_name" varchar(100),
	"family_name" varchar(100),
	"email" varchar(100),
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."staff_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(50) NOT NULL,
	"agent_id" varchar(50) NOT NULL,
	"role" varchar(10) NOT NULL,
	"password_hash" text NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(50),
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_role" CHECK ("portal"."staff_accounts"."role" in ('AGENT', 'ADMIN')),
	CONSTRAINT "staff_accounts_username_lower" CHECK ("portal"."staff_accounts"."username" = lower("portal"."staff_accounts"."username"))
);
--> statement-breakpoint
CREATE TABLE "portal"."staff_audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal"."staff_audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" varchar(50) NOT NULL,
	"actor_role" varchar(10) NOT NULL,
	"action" varchar(40) NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"target_type" varchar(20),
	"target_id" varchar(80),
	"membership_number" varchar(24),
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(45),
	"request_id" varchar(64) NOT NULL,
	CONSTRAINT "staff_audit_events_outcome" CHECK ("portal"."staff_audit_events"."outcome" in ('succeeded', 'attempted', 'failed', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "portal"."staff_login_throttles" (
	"username" varchar(50) PRIMARY KEY NOT NULL,
	"failed_attempts" integer NOT NULL,
	"first_failed_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal"."staff_sessions" (
	"id_hash" char(64) PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "portal"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_family_name_idx" ON "portal"."customers" USING btree ("family_name");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "portal"."customers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_username_idx" ON "portal"."staff_accounts" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_agent_id_idx" ON "portal"."staff_accounts" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "staff_audit_events_at_idx" ON "portal"."staff_audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "staff_audit_events_actor_idx" ON "portal"."staff_audit_events" USING btree ("actor","id");--> statement-breakpoint
CREATE INDEX "staff_audit_events_action_idx" ON "portal"."staff_audit_events" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "staff_audit_events_member_idx" ON "portal"."staff_audit_events" USING btree ("membership_number","id");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_id_idx" ON "portal"."staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_expires_at_idx" ON "portal"."staff_sessions" USING btree ("expires_at");