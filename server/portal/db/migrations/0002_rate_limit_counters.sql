CREATE TABLE "portal"."rate_limit_counters" (
	"scope" varchar(32) NOT NULL,
	"client_key" varchar(64) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_scope_client_key_pk" PRIMARY KEY("scope","client_key")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_start_idx" ON "portal"."rate_limit_counters" USING btree ("window_start");