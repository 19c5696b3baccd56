ALTER TABLE "categories" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_prices" ADD COLUMN "special_price_from" date;--> statement-breakpoint
ALTER TABLE "product_prices" ADD COLUMN "special_price_to" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "meta_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "meta_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_special_days_check" CHECK ("product_prices"."special_price_from" <= "product_prices"."special_price_to");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_check" CHECK ("products"."weight" >= 0);