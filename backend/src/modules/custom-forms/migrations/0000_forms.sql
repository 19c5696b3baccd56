CREATE TABLE "custom_form_blocked" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_form_blocked_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_code" text NOT NULL,
	"reason" text NOT NULL,
	"client_ip" text NOT NULL,
	"created_at" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_form_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_form_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_code" text NOT NULL,
	"store_code" text NOT NULL,
	"payload" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"client_ip" text NOT NULL,
	"created_at" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_forms" (
	"code" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"is_active" boolean NOT NULL,
	"fields" jsonb NOT NULL,
	"success_message" text NOT NULL,
	"notify_emails" text[] NOT NULL,
	"created_at" timestamp (0) with time zone NOT NULL,
	"updated_at" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "custom_form_blocked_created_idx" ON "custom_form_blocked" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "custom_form_submissions_form_created_idx" ON "custom_form_submissions" USING btree ("form_code","created_at");