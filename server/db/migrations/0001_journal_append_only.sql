-- The points journal is append-only: corrections are new rows (reversals), never edits.
CREATE OR REPLACE FUNCTION "loyalty"."refuse_journal_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'loyalty.transactions is append-only (% refused)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_append_only"
  BEFORE UPDATE OR DELETE ON "loyalty"."transactions"
  FOR EACH ROW EXECUTE FUNCTION "loyalty"."refuse_journal_change"();
