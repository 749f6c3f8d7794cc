-- A staff lockout holds for a username from one address (docs/decisions.md, "Staff lockout"): the counts start over.
DELETE FROM "portal"."staff_login_throttles";--> statement-breakpoint
ALTER TABLE "portal"."staff_login_throttles" DROP CONSTRAINT "staff_login_throttles_pkey";--> statement-breakpoint
ALTER TABLE "portal"."staff_login_throttles" ADD COLUMN "client_key" varchar(64) DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal"."staff_login_throttles" ADD CONSTRAINT "staff_login_throttles_username_client_key_pk" PRIMARY KEY("username","client_key");
