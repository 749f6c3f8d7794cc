-- The staff audit trail is written once: no row is ever changed or removed, not even by the portal itself.
CREATE OR REPLACE FUNCTION "portal"."refuse_audit_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'portal.% is append-only (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "staff_audit_events_append_only" BEFORE UPDATE OR DELETE ON "portal"."staff_audit_events"
  FOR EACH ROW EXECUTE FUNCTION "portal"."refuse_audit_change"();
--> statement-breakpoint
CREATE TRIGGER "staff_audit_events_no_truncate" BEFORE TRUNCATE ON "portal"."staff_audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal"."refuse_audit_change"();
