-- Append-only means TRUNCATE too: an order's timeline, like the staff audit trail (0006), refuses it.
CREATE TRIGGER "order_events_no_truncate" BEFORE TRUNCATE ON "portal"."order_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "portal"."refuse_order_event_change"();
