-- Every instance remembers api_key → partner for a few seconds (server/loyalty/partners/cached-partner-lookup.ts).
-- A change that must show at once (a key rolled or revoked, a partner disabled, its programmes changed) tells every
-- instance sharing this database, at commit, on the channel loyalty_partner_keys; each forgets what it remembered.
-- The last-used time written on api_keys is not such a change, and does not notify.
CREATE FUNCTION "loyalty"."notify_partner_keys_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('loyalty_partner_keys', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "api_keys_notify_change" AFTER INSERT OR DELETE OR UPDATE OF "partner_id", "key_hash", "environment", "revoked_at"
  ON "loyalty"."api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "loyalty"."notify_partner_keys_changed"();
--> statement-breakpoint
CREATE TRIGGER "partners_notify_change" AFTER INSERT OR DELETE OR UPDATE
  ON "loyalty"."partners" FOR EACH STATEMENT EXECUTE FUNCTION "loyalty"."notify_partner_keys_changed"();
--> statement-breakpoint
CREATE TRIGGER "partner_programmes_notify_change" AFTER INSERT OR DELETE OR UPDATE
  ON "loyalty"."partner_programmes" FOR EACH STATEMENT EXECUTE FUNCTION "loyalty"."notify_partner_keys_changed"();
