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