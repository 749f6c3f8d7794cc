CREATE TABLE "loyalty"."membership_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty"."membership_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"agent_id" varchar(50),
	"elements" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The journal's agent_id is also added by 0004 (the ledger commands); IF NOT EXISTS keeps both branches valid.
ALTER TABLE "loyalty"."transactions" ADD COLUMN IF NOT EXISTS "agent_id" varchar(50);--> statement-breakpoint
ALTER TABLE "loyalty"."membership_changes" ADD CONSTRAINT "membership_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty"."membership_changes" ADD CONSTRAINT "membership_changes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_changes_member_idx" ON "loyalty"."membership_changes" USING btree ("member_id","changed_at");--> statement-breakpoint
-- Membership changes are an audit trail: append-only, like the journal.
CREATE OR REPLACE FUNCTION "loyalty"."refuse_audit_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%.% is append-only (% refused)', TG_TABLE_SCHEMA, TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "membership_changes_append_only"
  BEFORE UPDATE OR DELETE ON "loyalty"."membership_changes"
  FOR EACH ROW EXECUTE FUNCTION "loyalty"."refuse_audit_change"();
