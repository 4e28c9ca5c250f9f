CREATE TABLE "weekly_summary_progress" (
	"week_start" date PRIMARY KEY NOT NULL,
	"after_user_id" text DEFAULT '' NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
