CREATE TABLE "portal"."quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"membership_number" varchar(24) NOT NULL,
	"programme" varchar(20) NOT NULL,
	"product_id" varchar(60) NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"balance" bigint,
	"options" jsonb NOT NULL,
	"priced_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."shop_products" (
	"id" varchar(60) PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"name" varchar(120) NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"details" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "shop_products_price_positive" CHECK ("portal"."shop_products"."price_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "portal"."quotes" ADD CONSTRAINT "quotes_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "portal"."shop_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_member_idx" ON "portal"."quotes" USING btree ("membership_number","priced_at");--> statement-breakpoint
CREATE INDEX "quotes_expires_at_idx" ON "portal"."quotes" USING btree ("expires_at");