-- Visitors' suggestions (issue 34, ADR 38): a business missing from the directory, or a change to a public listing
-- ('edit' of some of its fields, 'closed', 'moved'), decided by an admin. `payload` holds only the suggested fields.
-- One pending suggestion per person and listing. A missing business an admin approves becomes a public, unclaimed
-- listing with source 'suggestion' and source_id the suggestion's id: the businesses' source CHECK allows it.
CREATE TABLE "listing_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"business_id" uuid,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_business_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_suggestions_kind_check" CHECK ("listing_suggestions"."kind" in ('missing', 'edit', 'closed', 'moved')),
	CONSTRAINT "listing_suggestions_status_check" CHECK ("listing_suggestions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "listing_suggestions_outcome_check" CHECK ("listing_suggestions"."outcome" is null or "listing_suggestions"."outcome" in ('added', 'applied', 'sent-to-owner', 'hidden')),
	CONSTRAINT "listing_suggestions_missing_check" CHECK ("listing_suggestions"."kind" <> 'missing' or "listing_suggestions"."business_id" is null),
	CONSTRAINT "listing_suggestions_payload_check" CHECK (jsonb_typeof("listing_suggestions"."payload") = 'object' and octet_length("listing_suggestions"."payload"::text) <= 8000),
	CONSTRAINT "listing_suggestions_note_length_check" CHECK ("listing_suggestions"."note" is null or char_length("listing_suggestions"."note") <= 500),
	CONSTRAINT "listing_suggestions_reason_check" CHECK (("listing_suggestions"."status" = 'rejected') = ("listing_suggestions"."reason" is not null) and ("listing_suggestions"."reason" is null or char_length("listing_suggestions"."reason") <= 1000)),
	CONSTRAINT "listing_suggestions_decided_check" CHECK (("listing_suggestions"."status" = 'pending') = ("listing_suggestions"."decided_at" is null) and ("listing_suggestions"."status" = 'approved') = ("listing_suggestions"."outcome" is not null))
);
--> statement-breakpoint
ALTER TABLE "listing_suggestions" ADD CONSTRAINT "listing_suggestions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "listing_suggestions" ADD CONSTRAINT "listing_suggestions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "listing_suggestions" ADD CONSTRAINT "listing_suggestions_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "listing_suggestions" ADD CONSTRAINT "listing_suggestions_created_business_id_businesses_id_fk" FOREIGN KEY ("created_business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The admin's Suggestions tab: pending ones, oldest first.
CREATE INDEX "listing_suggestions_pending_idx" ON "listing_suggestions" USING btree ("created_at","id") WHERE status = 'pending';
--> statement-breakpoint
-- One pending suggestion per person and listing (a second is refused; the index decides when two arrive at once).
CREATE UNIQUE INDEX "listing_suggestions_one_pending_idx" ON "listing_suggestions" USING btree ("user_id","business_id") WHERE status = 'pending' and business_id is not null;
--> statement-breakpoint
-- The person's own list, their data export and the deletion of their account.
CREATE INDEX "listing_suggestions_user_idx" ON "listing_suggestions" USING btree ("user_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
-- Deleting a listing sets these null (the foreign keys read them by listing).
CREATE INDEX "listing_suggestions_business_idx" ON "listing_suggestions" USING btree ("business_id") WHERE business_id is not null;
--> statement-breakpoint
CREATE INDEX "listing_suggestions_created_business_idx" ON "listing_suggestions" USING btree ("created_business_id") WHERE created_business_id is not null;
--> statement-breakpoint
-- A listing added from a suggestion: source 'suggestion' (migration 0041's CHECK knew only the imports' sources).
ALTER TABLE "businesses" DROP CONSTRAINT "businesses_source_check";
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_source_check" CHECK (("businesses"."source" is null) = ("businesses"."source_id" is null) and ("businesses"."source" is null or "businesses"."source" ~ '^(osm|overture|suggestion|csv:[a-z0-9-]{1,40})$'));
