-- Owner analytics and leads (issue 18, ADR 25): raw listing events kept 90 days, daily per-listing rollups in
-- Africa/Lagos days written in the same statement as the events, the search words that showed a listing, the
-- admin overview's daily figures, and the weekly summary e-mail's sends and unsubscribes.
CREATE TABLE "email_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"weekly_summary" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_daily_stats" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"whatsapp" integer DEFAULT 0 NOT NULL,
	"website" integer DEFAULT 0 NOT NULL,
	"directions" integer DEFAULT 0 NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"reply_seconds" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "listing_daily_stats_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "listing_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"words" text,
	"reply_seconds" integer,
	CONSTRAINT "listing_events_kind_check" CHECK ("listing_events"."kind" in ('view', 'impression', 'call', 'whatsapp', 'website', 'directions', 'conversation', 'message', 'reply')),
	CONSTRAINT "listing_events_count_check" CHECK ("listing_events"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "listing_search_words" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"words" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_search_words_pk" PRIMARY KEY("business_id","day","words")
);
--> statement-breakpoint
CREATE TABLE "site_daily_stats" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"listings" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"revenue_kobo" bigint DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_summaries" (
	"user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_summaries_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD CONSTRAINT "listing_daily_stats_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_search_words" ADD CONSTRAINT "listing_search_words_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_summaries" ADD CONSTRAINT "weekly_summaries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_events_occurred_idx" ON "listing_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "listing_events_business_idx" ON "listing_events" USING btree ("business_id","occurred_at");--> statement-breakpoint
CREATE INDEX "weekly_summaries_week_idx" ON "weekly_summaries" USING btree ("week_start");