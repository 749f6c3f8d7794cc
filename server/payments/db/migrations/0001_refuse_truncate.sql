-- Append-only means TRUNCATE too: tokens, charges and refunds refuse it as they refuse UPDATE and DELETE.
CREATE TRIGGER "card_tokens_no_truncate" BEFORE TRUNCATE ON "payments"."card_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments"."refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "charges_no_truncate" BEFORE TRUNCATE ON "payments"."charges"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments"."refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "refunds_no_truncate" BEFORE TRUNCATE ON "payments"."refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments"."refuse_change"();
