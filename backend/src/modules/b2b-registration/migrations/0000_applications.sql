CREATE TABLE "b2b_registration_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "b2b_registration_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"customer_id" integer NOT NULL,
	"created_customer" boolean NOT NULL,
	"form_code" text NOT NULL,
	"submission_id" integer NOT NULL,
	"store_code" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attributes" jsonb NOT NULL,
	"note" text,
	"created_at" timestamp (0) with time zone NOT NULL,
	"decided_at" timestamp (0) with time zone,
	"decided_by" text,
	CONSTRAINT "b2b_registration_applications_submissionId_unique" UNIQUE("submission_id"),
	CONSTRAINT "b2b_registration_applications_status_check" CHECK ("b2b_registration_applications"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "b2b_registration_applications" ADD CONSTRAINT "b2b_registration_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "b2b_registration_applications_customer_idx" ON "b2b_registration_applications" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "b2b_registration_applications_status_idx" ON "b2b_registration_applications" USING btree ("status","id");