CREATE TABLE "shipping_settings" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"flat_rate" numeric(12, 2) NOT NULL,
	"free_shipping_threshold" numeric(12, 2),
	"country_rates" jsonb NOT NULL,
	"other_countries_rate" numeric(12, 2) NOT NULL,
	"updated_at" timestamp (0) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD CONSTRAINT "shipping_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;