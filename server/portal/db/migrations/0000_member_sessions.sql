-- IF NOT EXISTS: databases made before the portal had its own migrations already hold this table (loyalty migration 0003).
CREATE SCHEMA IF NOT EXISTS "portal";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "portal"."member_sessions" (
	"id_hash" char(64) PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"membership_number" varchar(24) NOT NULL,
	"programme" varchar(20) NOT NULL,
	"display_name" varchar(120),
	"access_token" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_token" text,
	"refresh_claimed_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_sessions_expires_at_idx" ON "portal"."member_sessions" USING btree ("expires_at");