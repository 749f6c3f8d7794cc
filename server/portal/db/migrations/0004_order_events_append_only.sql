-- An order's timeline is written once: a step is a new row, never an edit or a deletion of an earlier one.
CREATE OR REPLACE FUNCTION "portal"."refuse_order_event_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'portal.order_events is append-only (% refused)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_events_append_only" BEFORE UPDATE OR DELETE ON "portal"."order_events"
  FOR EACH ROW EXECUTE FUNCTION "portal"."refuse_order_event_change"();
