CREATE TABLE "loyalty"."developer_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."developer_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"partner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "developer_accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "loyalty"."developer_login_throttles" (
	"email" varchar(254) PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loyalty"."developer_sessions" (
	"id_hash" char(64) PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty"."api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loyalty"."members" ADD COLUMN "sandbox_partner_id" integer;--> statement-breakpoint
ALTER TABLE "loyalty"."members" ADD COLUMN "persona_number" varchar(24);--> statement-breakpoint
ALTER TABLE "loyalty"."oauth_clients" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loyalty"."oauth_clients" ADD COLUMN "secret_rolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loyalty"."partners" ADD COLUMN "developer_sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty"."request_log" ADD COLUMN "request_body" jsonb;--> statement-breakpoint
ALTER TABLE "loyalty"."request_log" ADD COLUMN "response_body" jsonb;--> statement-breakpoint
ALTER TABLE "loyalty"."request_log" ADD COLUMN "scenario" varchar(60);--> statement-breakpoint
ALTER TABLE "loyalty"."developer_accounts" ADD CONSTRAINT "developer_accounts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."developer_sessions" ADD CONSTRAINT "developer_sessions_account_id_developer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "loyalty"."developer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "developer_sessions_expires_idx" ON "loyalty"."developer_sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "loyalty"."members" ADD CONSTRAINT "members_sandbox_partner_id_partners_id_fk" FOREIGN KEY ("sandbox_partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The journal and the membership audit stay append-only, except for one case: the reset of a developer's
-- sandbox (server/loyalty/developers/reset-developer-sandbox.ts) deletes its own member copies' rows, in a
-- transaction that sets loyalty.sandbox_reset, and only rows of members owned by a developer sandbox.
CREATE OR REPLACE FUNCTION "loyalty"."refuse_journal_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('loyalty.sandbox_reset', true) = 'on' AND EXISTS (
    SELECT 1 FROM "loyalty"."accounts" a JOIN "loyalty"."members" m ON m.id = a.member_id
    WHERE a.id = OLD.account_id AND m.sandbox_partner_id IS NOT NULL
  ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'loyalty.transactions is append-only (% refused)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "loyalty"."refuse_membership_change_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('loyalty.sandbox_reset', true) = 'on' AND EXISTS (
    SELECT 1 FROM "loyalty"."members" m WHERE m.id = OLD.member_id AND m.sandbox_partner_id IS NOT NULL
  ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '%.% is append-only (% refused)', TG_TABLE_SCHEMA, TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "membership_changes_append_only" ON "loyalty"."membership_changes";
--> statement-breakpoint
CREATE TRIGGER "membership_changes_append_only"
  BEFORE UPDATE OR DELETE ON "loyalty"."membership_changes"
  FOR EACH ROW EXECUTE FUNCTION "loyalty"."refuse_membership_change_change"();
