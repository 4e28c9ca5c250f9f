-- Reports and moderation (issue 16, docs/decisions/0019-reports-and-moderation.md).
-- A signed-in user's report of a listing, a review or a message. item_id has no foreign key (three tables;
-- a report outlives its item). One OPEN report per reporter and item; an admin's decision closes them all.
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_item_kind_check" CHECK ("reports"."item_kind" in ('listing', 'review', 'message')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('scam', 'fake', 'offensive', 'wrong-info', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "reports_details_length_check" CHECK ("reports"."details" is null or char_length("reports"."details") <= 1000),
	CONSTRAINT "reports_decided_check" CHECK (("reports"."status" = 'open') = ("reports"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_reporter_idx" ON "reports" USING btree ("reporter_id","item_kind","item_id") WHERE status = 'open';--> statement-breakpoint
-- The Reports tab: open reports grouped by item (the group's reports), and the groups newest first.
CREATE INDEX "reports_open_item_idx" ON "reports" USING btree ("item_kind","item_id","created_at" DESC NULLS LAST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "reports_open_created_idx" ON "reports" USING btree ("created_at" DESC NULLS LAST) WHERE status = 'open';--> statement-breakpoint
-- Possible duplicates in Business Approvals: other listings with the same phone number (names use the trigram index).
CREATE INDEX "businesses_phone_idx" ON "businesses" USING btree ("phone_number") WHERE phone_number is not null;
