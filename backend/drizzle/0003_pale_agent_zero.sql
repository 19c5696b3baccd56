CREATE TABLE "storefront_connector_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"account_id" text DEFAULT '' NOT NULL,
	"api_token_encrypted" text,
	"api_email" text DEFAULT '' NOT NULL,
	"zone_id" text DEFAULT '' NOT NULL,
	"storefront_url" text DEFAULT '' NOT NULL,
	"store_code" text DEFAULT '' NOT NULL,
	"sync_secret_encrypted" text,
	"kv_namespace_id" text DEFAULT '' NOT NULL,
	"cron_expression" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_connector_settings_single_row" CHECK ("storefront_connector_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "storefront_connector_sync_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storefront_connector_sync_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"trigger" text NOT NULL,
	"attempt" smallint NOT NULL,
	"status" text NOT NULL,
	"http_status" smallint,
	"duration_ms" integer NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "storefront_connector_sync_log_started_idx" ON "storefront_connector_sync_log" USING btree ("started_at");