ALTER TABLE "cart_items" ADD COLUMN "configuration" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "configuration" jsonb;