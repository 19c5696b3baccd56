CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp (0) with time zone NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp (0) with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
