-- One checkout path: every order holds its card part before its points move (authorise, debit, capture).
-- The orders placed before that (no authorise key) asked for their card payment in one charge under their
-- charge key; the unfinished ones are settled or moved onto the one path here, each with a timeline entry, so
-- that no member's points or money are lost or taken twice:
--   payment_pending, a card given  → capturing: the charge's outcome is not known; the worker asks the processor
--                                    what the charge key made (captured: completed; else the points go back)
--   payment_pending, no card       → no charge could be made: reversing (points debited) or cancelled
--   payment_failed                 → no money was taken: reversing (points debited) or cancelled
--   priced, points and a card part → card_authorised: the debit may have been sent, the card was never charged;
--                                    the worker settles the debit by its key, then returns the points
--   points_debited, a card part    → reversing: the card was never charged
--   priced with only a card part   → stays priced: nothing moved yet; the card part is held first from now on
-- All-points orders and the shared states (reversing, cancelling, completed…) take the same path as before.
ALTER TABLE "portal"."orders" DROP CONSTRAINT "orders_state_known";--> statement-breakpoint
DROP INDEX "portal"."orders_unfinished_idx";--> statement-breakpoint
WITH moved AS (
  UPDATE "portal"."orders" SET "state" = 'capturing', "updated_at" = now(), "next_attempt_at" = now()
  WHERE "authorise_key" IS NULL AND "state" = 'payment_pending' AND "card_token" IS NOT NULL
  RETURNING "id"
)
INSERT INTO "portal"."order_events" ("order_id", "at", "step", "state", "description", "actor")
SELECT "id", now(), 'converted', 'capturing', 'Checking with the card processor whether the card payment went through', 'migration'
FROM moved;--> statement-breakpoint
WITH moved AS (
  UPDATE "portal"."orders" SET "state" = 'reversing', "updated_at" = now(), "next_attempt_at" = now()
  WHERE "authorise_key" IS NULL AND "state" IN ('payment_pending', 'payment_failed')
    AND "debit_transaction_id" IS NOT NULL
  RETURNING "id"
)
INSERT INTO "portal"."order_events" ("order_id", "at", "step", "state", "description", "actor")
SELECT "id", now(), 'converted', 'reversing', 'No card payment was taken; returning the points', 'migration'
FROM moved;--> statement-breakpoint
WITH moved AS (
  UPDATE "portal"."orders"
  SET "state" = 'cancelled', "member_token" = NULL, "updated_at" = now(), "next_attempt_at" = now()
  WHERE "authorise_key" IS NULL AND "state" IN ('payment_pending', 'payment_failed')
  RETURNING "id"
)
INSERT INTO "portal"."order_events" ("order_id", "at", "step", "state", "description", "actor")
SELECT "id", now(), 'cancelled', 'cancelled', 'Nothing was debited or charged', 'migration'
FROM moved;--> statement-breakpoint
WITH moved AS (
  UPDATE "portal"."orders" SET "state" = 'card_authorised', "updated_at" = now(), "next_attempt_at" = now()
  WHERE "authorise_key" IS NULL AND "state" = 'priced' AND "points" > 0 AND "cash_minor" > 0
  RETURNING "id"
)
INSERT INTO "portal"."order_events" ("order_id", "at", "step", "state", "description", "actor")
SELECT "id", now(), 'converted', 'card_authorised',
  'This order cannot be completed: nothing will be charged to the card, and any points used are returned', 'migration'
FROM moved;--> statement-breakpoint
WITH moved AS (
  UPDATE "portal"."orders" SET "state" = 'reversing', "updated_at" = now(), "next_attempt_at" = now()
  WHERE "authorise_key" IS NULL AND "state" = 'points_debited' AND "cash_minor" > 0
  RETURNING "id"
)
INSERT INTO "portal"."order_events" ("order_id", "at", "step", "state", "description", "actor")
SELECT "id", now(), 'converted', 'reversing',
  'This order cannot be completed: nothing was charged to the card; returning the points', 'migration'
FROM moved;--> statement-breakpoint
UPDATE "portal"."orders" SET
  "authorise_key" = 'checkout-' || "id" || '-authorise',
  "capture_key" = COALESCE("capture_key", 'checkout-' || "id" || '-capture'),
  "void_key" = COALESCE("void_key", 'checkout-' || "id" || '-void')
WHERE "authorise_key" IS NULL;--> statement-breakpoint
-- The timelines of settled orders name their steps as the one path does: a charge on its way reads as
-- capturing, and a charge that failed as capture_failed (the order then released nothing and returned the
-- points, as voiding does). Only these two names change; when, who, what the member read and the call stay.
ALTER TABLE "portal"."order_events" DISABLE TRIGGER "order_events_append_only";--> statement-breakpoint
UPDATE "portal"."order_events" SET "step" = 'capturing' WHERE "step" = 'payment_pending';--> statement-breakpoint
UPDATE "portal"."order_events" SET "step" = 'capture_failed' WHERE "step" = 'payment_failed';--> statement-breakpoint
UPDATE "portal"."order_events" SET "state" = 'capturing' WHERE "state" = 'payment_pending';--> statement-breakpoint
UPDATE "portal"."order_events" SET "state" = 'voiding' WHERE "state" = 'payment_failed';--> statement-breakpoint
ALTER TABLE "portal"."order_events" ENABLE TRIGGER "order_events_append_only";--> statement-breakpoint
ALTER TABLE "portal"."orders" ALTER COLUMN "authorise_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "portal"."orders" ALTER COLUMN "capture_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "portal"."orders" ALTER COLUMN "void_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_unfinished_idx" ON "portal"."orders" USING btree ("next_attempt_at") WHERE "portal"."orders"."state" in ('priced', 'card_authorised', 'points_debited', 'capturing', 'voiding', 'reversing', 'cancelling');--> statement-breakpoint
ALTER TABLE "portal"."orders" ADD CONSTRAINT "orders_state_known" CHECK ("portal"."orders"."state" in ('priced', 'card_authorised', 'points_debited', 'capturing', 'voiding', 'declined', 'completed', 'cancelling', 'reversing', 'points_returned', 'needs_attention', 'cancelled'));
