CREATE TABLE "portal"."shop_product_texts" (
	"product_id" varchar(60) NOT NULL,
	"locale" varchar(5) NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" varchar(600) NOT NULL,
	"component_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "shop_product_texts_product_id_locale_pk" PRIMARY KEY("product_id","locale")
);
--> statement-breakpoint
ALTER TABLE "portal"."member_sessions" ADD COLUMN "locale" varchar(5);--> statement-breakpoint
ALTER TABLE "portal"."order_events" ADD COLUMN "message" jsonb;--> statement-breakpoint
ALTER TABLE "portal"."shop_product_texts" ADD CONSTRAINT "shop_product_texts_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "portal"."shop_products"("id") ON DELETE cascade ON UPDATE no action;