-- Owners' offers on their listings (issue 37): title, text, an optional photo and code, Nigerian start and end dates
-- kept also as instants (00:00 WAT of the first day, 00:00 WAT after the last) so public reads compare timestamps.
-- New and edited offers wait for an admin ('pending'); 'rejected' and 'removed' (taken down) carry the reason.
CREATE TABLE "business_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"code" text,
	"image_key" text,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_offers_status_check" CHECK ("business_offers"."status" in ('pending', 'approved', 'rejected', 'removed')),
	CONSTRAINT "business_offers_title_check" CHECK (char_length("business_offers"."title") between 1 and 80),
	CONSTRAINT "business_offers_body_check" CHECK (char_length("business_offers"."body") between 1 and 500),
	CONSTRAINT "business_offers_code_check" CHECK ("business_offers"."code" is null or "business_offers"."code" ~ '^[A-Z0-9]{3,20}$'),
	CONSTRAINT "business_offers_dates_check" CHECK ("business_offers"."ends_on" >= "business_offers"."starts_on" and "business_offers"."ends_at" > "business_offers"."starts_at"),
	CONSTRAINT "business_offers_reason_check" CHECK (("business_offers"."status" in ('rejected', 'removed')) = ("business_offers"."reason" is not null) and ("business_offers"."reason" is null or char_length("business_offers"."reason") <= 1000))
);
--> statement-breakpoint
ALTER TABLE "business_offers" ADD CONSTRAINT "business_offers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "business_offers" ADD CONSTRAINT "business_offers_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A listing's offers (its owner's screen, the business page, a card's line), newest first; deleting a listing.
CREATE INDEX "business_offers_business_idx" ON "business_offers" USING btree ("business_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
-- The home carousel: approved offers, the latest start first.
CREATE INDEX "business_offers_approved_starts_idx" ON "business_offers" USING btree ("starts_at" DESC NULLS LAST) WHERE status = 'approved';
--> statement-breakpoint
-- The scheduled job that empties the page caches when an approved offer ends.
CREATE INDEX "business_offers_approved_ends_idx" ON "business_offers" USING btree ("ends_at") WHERE status = 'approved';
--> statement-breakpoint
-- The admin's list of offers waiting for review, oldest first.
CREATE INDEX "business_offers_pending_idx" ON "business_offers" USING btree ("created_at","id") WHERE status = 'pending';
--> statement-breakpoint
-- Public pages show approved offers (ADR 28): a change to one that was or is approved empties the page caches. An
-- offer starting or ending with time changes no row: the 'offer-pages' job (server/scheduler.ts) announces those.
CREATE TRIGGER business_offers_public_pages_insert AFTER INSERT ON business_offers
  FOR EACH ROW WHEN (NEW.status = 'approved') EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER business_offers_public_pages_delete AFTER DELETE ON business_offers
  FOR EACH ROW WHEN (OLD.status = 'approved') EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER business_offers_public_pages_update AFTER UPDATE ON business_offers
  FOR EACH ROW WHEN (OLD.status = 'approved' OR NEW.status = 'approved') EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER business_offers_public_pages_truncate AFTER TRUNCATE ON business_offers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
-- Offers are reportable (kind 'offer'; app/features/reports/internal/reported-items.server.ts).
ALTER TABLE "reports" DROP CONSTRAINT "reports_item_kind_check";
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_item_kind_check" CHECK ("reports"."item_kind" in ('listing', 'review', 'message', 'offer'));
