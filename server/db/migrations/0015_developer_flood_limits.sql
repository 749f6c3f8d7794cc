-- A developer's failed sign-ins count per email AND client address, so guesses from one address lock the email
-- there only. The counts so far knew no address: they are dropped (they last 15 minutes at most).
DELETE FROM "loyalty"."developer_login_throttles";--> statement-breakpoint
ALTER TABLE "loyalty"."developer_login_throttles" DROP CONSTRAINT "developer_login_throttles_pkey";--> statement-breakpoint
ALTER TABLE "loyalty"."developer_login_throttles" ADD COLUMN "client_key" varchar(100) NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty"."developer_login_throttles" ADD CONSTRAINT "developer_login_throttles_email_client_key_pk" PRIMARY KEY("email","client_key");--> statement-breakpoint
-- The last sign-in: with the sandbox keys' last use, what keeps an idle developer sandbox from expiring.
ALTER TABLE "loyalty"."developer_accounts" ADD COLUMN "last_signed_in_at" timestamp with time zone;
