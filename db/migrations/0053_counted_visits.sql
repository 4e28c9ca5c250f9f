-- Issue 38: counts an owner can trust (app/features/analytics/counting.ts has the rule).
-- One view, one search appearance and one contact tap per visitor, listing and 30-minute window: the visitors counted
-- in the current and the previous window, kept only that long (purged by the 'purge-listing-events' job). A visitor
-- and a source are keyed hashes that rotate daily (never an address or a user agent). UNLOGGED: what it holds is
-- worth nothing after a crash (a visitor counted again at most once).
CREATE UNLOGGED TABLE "counted_visits" (
	"bucket" integer NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"visitor" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "counted_visits_pk" PRIMARY KEY("bucket","business_id","kind","visitor")
);
--> statement-breakpoint
-- How many visitors one source brought to one listing in a window (a burst past counting.ts's BURST_LIMIT is held back).
CREATE INDEX "counted_visits_source_idx" ON "counted_visits" USING btree ("bucket","source","business_id","kind");
--> statement-breakpoint
-- The prefetch's view reports (ADR 29): each signed token counts once.
CREATE UNLOGGED TABLE "spent_count_tokens" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Events held back from owners' figures (a burst from one source): kept raw, never in the rollups or the view count.
ALTER TABLE "listing_events" ADD COLUMN "held" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "listing_events_held_idx" ON "listing_events" USING btree ("occurred_at") WHERE "held";
