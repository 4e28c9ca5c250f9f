-- How each person wants to hear of what concerns them (issue 33): channels, quiet hours (WAT), texts a day.
CREATE TABLE "notice_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"channels" text[] DEFAULT '{email}'::text[] NOT NULL,
	"quiet_from" smallint DEFAULT 21 NOT NULL,
	"quiet_until" smallint DEFAULT 7 NOT NULL,
	"daily_text_cap" smallint DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_preferences_channels_check" CHECK ("notice_preferences"."channels" <@ array['email', 'sms', 'whatsapp']::text[]),
	CONSTRAINT "notice_preferences_quiet_check" CHECK ("notice_preferences"."quiet_from" between 0 and 23 and "notice_preferences"."quiet_until" between 0 and 23),
	CONSTRAINT "notice_preferences_cap_check" CHECK ("notice_preferences"."daily_text_cap" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD CONSTRAINT "notice_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
