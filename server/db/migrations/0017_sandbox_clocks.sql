CREATE TABLE "loyalty"."sandbox_clocks" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"advanced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_clocks_offset_not_negative" CHECK ("loyalty"."sandbox_clocks"."offset_ms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loyalty"."sandbox_clocks" ADD CONSTRAINT "sandbox_clocks_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "loyalty"."partners"("id") ON DELETE cascade ON UPDATE no action;