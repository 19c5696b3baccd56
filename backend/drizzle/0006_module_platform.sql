CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"slot" timestamp (0) with time zone NOT NULL,
	"started_at" timestamp (0) with time zone NOT NULL,
	CONSTRAINT "job_runs_job_slot_pk" PRIMARY KEY("job","slot")
);
--> statement-breakpoint
CREATE TABLE "module_configs" (
	"module_id" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"event" text NOT NULL,
	"subscriber" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp (3) with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"delivered_at" timestamp (3) with time zone
);
--> statement-breakpoint
-- The storefront connector's settings move into module_configs (its secrets keep their envelopes:
-- the module's key is derived as before); its sync log moves into the module's own migrations.
INSERT INTO "module_configs" ("module_id", "value", "updated_at")
SELECT 'storefront-connector',
  jsonb_strip_nulls(jsonb_build_object(
    'accountId', "account_id", 'apiToken', "api_token_encrypted", 'apiEmail', "api_email", 'zoneId', "zone_id",
    'storefrontUrl', "storefront_url", 'storeCode', "store_code", 'syncSecret', "sync_secret_encrypted",
    'kvNamespaceId', "kv_namespace_id", 'cronExpression', "cron_expression")),
  "updated_at"
FROM "storefront_connector_settings";--> statement-breakpoint
DROP TABLE "storefront_connector_settings" CASCADE;--> statement-breakpoint
DROP TABLE "storefront_connector_sync_log" CASCADE;--> statement-breakpoint
CREATE INDEX "event_deliveries_due_idx" ON "event_deliveries" USING btree ("status","available_at");