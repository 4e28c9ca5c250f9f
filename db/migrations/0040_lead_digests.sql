-- The owner's daily lead digest (issue 33): calls and WhatsApp taps on their listings today, told once per owner and
-- day on their chosen channels. A row claims the owner's day; the partial index finds the day's listings with leads
-- without reading every listing's row of the day (bounded work at 1,000,000 listings).
CREATE TABLE "lead_digests" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_digests_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "lead_digests" ADD CONSTRAINT "lead_digests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "listing_daily_stats_leads_idx" ON "listing_daily_stats" USING btree ("day") WHERE calls > 0 or whatsapp > 0;
