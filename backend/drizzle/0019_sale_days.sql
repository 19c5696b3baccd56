CREATE TABLE "job_progress" (
	"job" text PRIMARY KEY NOT NULL,
	"done_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_prices_special_from_idx" ON "product_prices" USING btree ("special_price_from") WHERE "product_prices"."special_price_from" is not null;--> statement-breakpoint
CREATE INDEX "product_prices_special_to_idx" ON "product_prices" USING btree ("special_price_to") WHERE "product_prices"."special_price_to" is not null;