CREATE TABLE "b2b_pricing_companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "b2b_pricing_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"customer_group_id" integer,
	"terms_net_days" integer,
	"terms_credit_limit" numeric(14, 2),
	"created_at" timestamp (0) with time zone NOT NULL,
	"updated_at" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "b2b_pricing_company_buyers" (
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "b2b_pricing_company_buyers_company_id_customer_id_pk" PRIMARY KEY("company_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "b2b_pricing_company_lists" (
	"company_id" integer NOT NULL,
	"price_list_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "b2b_pricing_company_lists_company_id_price_list_id_pk" PRIMARY KEY("company_id","price_list_id")
);
--> statement-breakpoint
CREATE TABLE "b2b_pricing_group_lists" (
	"customer_group_id" integer NOT NULL,
	"price_list_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "b2b_pricing_group_lists_customer_group_id_price_list_id_pk" PRIMARY KEY("customer_group_id","price_list_id")
);
--> statement-breakpoint
CREATE TABLE "b2b_pricing_price_list_items" (
	"price_list_id" integer NOT NULL,
	"sku" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"min_qty" integer,
	"max_qty" integer,
	"increment" integer,
	CONSTRAINT "b2b_pricing_price_list_items_price_list_id_sku_pk" PRIMARY KEY("price_list_id","sku")
);
--> statement-breakpoint
CREATE TABLE "b2b_pricing_price_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "b2b_pricing_price_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"store_codes" text[],
	"created_at" timestamp (0) with time zone NOT NULL,
	"updated_at" timestamp (0) with time zone NOT NULL,
	CONSTRAINT "b2b_pricing_price_lists_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "b2b_pricing_company_buyers" ADD CONSTRAINT "b2b_pricing_company_buyers_company_id_b2b_pricing_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."b2b_pricing_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_pricing_company_lists" ADD CONSTRAINT "b2b_pricing_company_lists_company_id_b2b_pricing_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."b2b_pricing_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_pricing_company_lists" ADD CONSTRAINT "b2b_pricing_company_lists_price_list_id_b2b_pricing_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."b2b_pricing_price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_pricing_group_lists" ADD CONSTRAINT "b2b_pricing_group_lists_price_list_id_b2b_pricing_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."b2b_pricing_price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_pricing_price_list_items" ADD CONSTRAINT "b2b_pricing_price_list_items_price_list_id_b2b_pricing_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."b2b_pricing_price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_pricing_company_buyers_customer_idx" ON "b2b_pricing_company_buyers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "b2b_pricing_price_list_items_sku_idx" ON "b2b_pricing_price_list_items" USING btree ("sku");