CREATE TABLE "b2b_access_rule_products" (
	"rule_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "b2b_access_rule_products_rule_id_product_id_pk" PRIMARY KEY("rule_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "b2b_access_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "b2b_access_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean NOT NULL,
	"priority" integer NOT NULL,
	"scope" jsonb NOT NULL,
	"conditions" jsonb,
	"legacy_category_ids" integer[] NOT NULL,
	"actions" jsonb NOT NULL,
	"enforcement" text NOT NULL,
	"hidden_price_message" text,
	"created_at" timestamp (0) with time zone NOT NULL,
	"updated_at" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "b2b_access_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "b2b_access_rule_products" ADD CONSTRAINT "b2b_access_rule_products_rule_id_b2b_access_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."b2b_access_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "b2b_access_rules_priority_idx" ON "b2b_access_rules" USING btree ("priority","id");