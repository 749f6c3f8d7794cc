CREATE TABLE "loyalty"."registration_throttles" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "loyalty"."partners" ADD COLUMN "requests_per_second" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty"."partners" ADD COLUMN "requests_per_day" integer DEFAULT 10000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty"."rate_limit_windows" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty"."signing_keys" ADD COLUMN "verify_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loyalty"."registration_throttles" ADD CONSTRAINT "registration_throttles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "loyalty"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tokens_expires_idx" ON "loyalty"."tokens" USING btree ("expires_at");