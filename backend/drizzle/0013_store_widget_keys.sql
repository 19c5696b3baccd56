ALTER TABLE "stores" ADD COLUMN "payment_publishable_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "maps_key" text DEFAULT '' NOT NULL;