-- Append-only means TRUNCATE too: the row triggers of 0001 and 0005 do not see a TRUNCATE, these statement triggers do.
CREATE TRIGGER "transactions_no_truncate" BEFORE TRUNCATE ON "loyalty"."transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "loyalty"."refuse_journal_change"();
--> statement-breakpoint
CREATE TRIGGER "membership_changes_no_truncate" BEFORE TRUNCATE ON "loyalty"."membership_changes"
  FOR EACH STATEMENT EXECUTE FUNCTION "loyalty"."refuse_audit_change"();
