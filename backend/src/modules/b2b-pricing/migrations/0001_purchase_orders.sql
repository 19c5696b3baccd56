CREATE TABLE "b2b_pricing_purchase_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"po_number" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"due_at" timestamp (0) with time zone NOT NULL,
	"paid_at" timestamp (0) with time zone,
	"created_at" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "b2b_pricing_purchase_orders" ADD CONSTRAINT "b2b_pricing_purchase_orders_company_id_b2b_pricing_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."b2b_pricing_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "b2b_pricing_purchase_orders_company_idx" ON "b2b_pricing_purchase_orders" USING btree ("company_id");