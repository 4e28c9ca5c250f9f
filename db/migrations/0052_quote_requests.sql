-- Issue 37: request a quote (app/features/quotes, ADR 43). A visitor's request and the businesses it went to, with
-- their answers; the lead counted in the owner's analytics as a new listing event kind 'quote' and a daily column.
CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"state" text NOT NULL,
	"lga" text,
	"timing" text DEFAULT 'flexible' NOT NULL,
	"share_phone" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "quote_requests_status_check" CHECK ("quote_requests"."status" in ('open', 'accepted', 'cancelled')),
	CONSTRAINT "quote_requests_timing_check" CHECK ("quote_requests"."timing" in ('asap', 'this-week', 'this-month', 'flexible')),
	CONSTRAINT "quote_requests_description_length_check" CHECK (char_length("quote_requests"."description") between 10 and 800)
);
--> statement-breakpoint
CREATE INDEX "quote_requests_requester_created_idx" ON "quote_requests" USING btree ("requester_id","created_at" DESC);
--> statement-breakpoint
CREATE TABLE "quote_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL REFERENCES "quote_requests"("id") ON DELETE cascade,
	"business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE cascade,
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"status" text DEFAULT 'new' NOT NULL,
	"price_kobo" bigint,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_recipients_status_check" CHECK ("quote_recipients"."status" in ('new', 'answered', 'declined', 'accepted', 'closed')),
	CONSTRAINT "quote_recipients_price_check" CHECK ("quote_recipients"."price_kobo" is null or "quote_recipients"."price_kobo" between 1 and 100000000000),
	CONSTRAINT "quote_recipients_answer_length_check" CHECK ("quote_recipients"."answer" is null or char_length("quote_recipients"."answer") between 1 and 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "quote_recipients_request_business_idx" ON "quote_recipients" USING btree ("request_id","business_id");
--> statement-breakpoint
CREATE INDEX "quote_recipients_business_created_idx" ON "quote_recipients" USING btree ("business_id","created_at" DESC);
--> statement-breakpoint
CREATE INDEX "quote_recipients_owner_created_idx" ON "quote_recipients" USING btree ("owner_id","created_at" DESC);
--> statement-breakpoint
ALTER TABLE "listing_events" DROP CONSTRAINT "listing_events_kind_check";
--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_kind_check" CHECK ("listing_events"."kind" in ('view', 'impression', 'call', 'whatsapp', 'website', 'directions', 'conversation', 'message', 'reply', 'quote'));
--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD COLUMN "quotes" integer DEFAULT 0 NOT NULL;
