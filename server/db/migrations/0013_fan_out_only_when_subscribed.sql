-- Most partners have no endpoint taking an event's type: one probe of the partner's endpoints answers that,
-- where the INSERT below set itself up (its table, three indexes) for every event only to write nothing.
-- An event still reaches every enabled endpoint of its partner that wants its type, in the transaction that wrote it.
CREATE OR REPLACE FUNCTION "loyalty"."fan_out_webhook_event"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "loyalty"."webhook_endpoints" e
    WHERE e."partner_id" = NEW."partner_id" AND e."enabled" AND NEW."type" = ANY (e."event_types")
  ) THEN
    INSERT INTO "loyalty"."webhook_deliveries" ("event_id", "endpoint_id")
    SELECT NEW."id", e."id"
    FROM "loyalty"."webhook_endpoints" e
    WHERE e."partner_id" = NEW."partner_id" AND e."enabled" AND NEW."type" = ANY (e."event_types");
  END IF;
  RETURN NULL;
END;
$$;
