-- The retention purge (server/loyalty/maintenance/purge-webhook-history.ts) deletes old attempts and old events across partners.
CREATE INDEX "webhook_attempts_time_idx" ON "loyalty"."webhook_attempts" USING btree ("attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "loyalty"."webhook_events" USING btree ("created_at");