ALTER TABLE "portal"."orders" DROP CONSTRAINT "orders_state_known";--> statement-breakpoint
DROP INDEX "portal"."orders_unfinished_idx";--> statement-breakpoint
ALTER TABLE "portal"."orders" ADD COLUMN "authorise_key" varchar(100);--> statement-breakpoint
ALTER TABLE "portal"."orders" ADD COLUMN "capture_key" varchar(100);--> statement-breakpoint
ALTER TABLE "portal"."orders" ADD COLUMN "void_key" varchar(100);--> statement-breakpoint
ALTER TABLE "portal"."orders" ADD COLUMN "authorisation_id" varchar(40);--> statement-breakpoint
CREATE INDEX "orders_unfinished_idx" ON "portal"."orders" USING btree ("next_attempt_at") WHERE "portal"."orders"."state" in ('priced', 'card_authorised', 'points_debited', 'capturing', 'voiding', 'payment_pending', 'payment_failed', 'reversing', 'cancelling');--> statement-breakpoint
ALTER TABLE "portal"."orders" ADD CONSTRAINT "orders_authorise_key_unique" UNIQUE("authorise_key");--> statement-breakpoint
ALTER TABLE "portal"."orders" ADD CONSTRAINT "orders_capture_key_unique" UNIQUE("capture_key");--> statement-breakpoint
ALTER TABLE "portal"."orders" ADD CONSTRAINT "orders_void_key_unique" UNIQUE("void_key");--> statement-breakpoint
ALTER TABLE "portal"."orders" ADD CONSTRAINT "orders_state_known" CHECK ("portal"."orders"."state" in ('priced', 'card_authorised', 'points_debited', 'capturing', 'voiding', 'declined', 'payment_pending', 'completed', 'cancelling', 'payment_failed', 'reversing', 'points_returned', 'needs_attention', 'cancelled'));