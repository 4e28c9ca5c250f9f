-- Claims of a listing that an admin reviews (issue 34, ADR 38): an owner whose identity is verified sends a document
-- that ties them to the business and a short note, when the listing's phone cannot take a code ('document', of an
-- unclaimed imported listing) or when another owner has the listing ('dispute'). The document is a private key in the
-- 'kyc-documents' bucket. One pending claim per claimant and listing; claims go with the listing and the claimant.
CREATE TABLE "listing_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"document_kind" text NOT NULL,
	"document_key" text,
	"note" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"document_purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_claims_kind_check" CHECK ("listing_claims"."kind" in ('document', 'dispute')),
	CONSTRAINT "listing_claims_status_check" CHECK ("listing_claims"."status" in ('pending', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "listing_claims_document_kind_check" CHECK ("listing_claims"."document_kind" in ('cac-certificate', 'utility-bill', 'lease', 'signboard-photo', 'other')),
	CONSTRAINT "listing_claims_note_check" CHECK (char_length("listing_claims"."note") between 1 and 1000),
	CONSTRAINT "listing_claims_reason_check" CHECK ("listing_claims"."reason" is null or char_length("listing_claims"."reason") between 1 and 1000),
	CONSTRAINT "listing_claims_decided_check" CHECK (("listing_claims"."status" = 'pending') = ("listing_claims"."decided_at" is null) and ("listing_claims"."status" <> 'rejected' or "listing_claims"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- One pending claim per claimant and listing (a double submit is refused by the index).
CREATE UNIQUE INDEX "listing_claims_one_pending_idx" ON "listing_claims" USING btree ("business_id","user_id") WHERE status = 'pending';
--> statement-breakpoint
-- The admins' Claims tab: pending claims oldest first, and its badge's count.
CREATE INDEX "listing_claims_pending_created_idx" ON "listing_claims" USING btree ("created_at","id") WHERE status = 'pending';
--> statement-breakpoint
-- A listing's claims (the others closed when one is approved, the document files of a deleted listing).
CREATE INDEX "listing_claims_business_idx" ON "listing_claims" USING btree ("business_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
-- A claimant's claims (the claim page, the data export, account deletion).
CREATE INDEX "listing_claims_user_idx" ON "listing_claims" USING btree ("user_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
-- The documents of decided claims, deleted KYC_RETENTION_DAYS after the decision.
CREATE INDEX "listing_claims_document_retention_idx" ON "listing_claims" USING btree ("decided_at") WHERE document_key is not null and status <> 'pending';
