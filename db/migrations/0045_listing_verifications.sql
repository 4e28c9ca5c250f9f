-- Verification levels (issue 35, ADR 39): what a listing has proven, each dated. 'phone': the listing's number answered
-- a one-time code (phone = that number, E.164). 'identity': the owner's identity matched, through an identity provider
-- (method 'vnin': the name on the virtual NIN's record matched the KYC name) or an admin's review of a photo ID
-- (method 'document'); it belongs to the owner (business_id null) and shows on every listing they own. 'business': a
-- CAC registration number found in the provider's CAC lookup (rc_number, the registered name and type). Never the NIN
-- itself: the provider's reference, the match result and the last 4 characters of the virtual NIN. A row ends (ended_at,
-- end_reason) when what it rests on changes, an admin revokes it, or it expires (expires_at); ended rows are kept.
CREATE TABLE "listing_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"level" text NOT NULL,
	"method" text NOT NULL,
	"user_id" text NOT NULL,
	"business_id" uuid,
	"phone" text,
	"full_name" text,
	"id_last4" text,
	"rc_number" text,
	"registered_name" text,
	"company_type" text,
	"provider" text,
	"provider_reference" text,
	"match_result" jsonb,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by" text,
	CONSTRAINT "listing_verifications_level_check" CHECK ("listing_verifications"."level" in ('phone', 'identity', 'business')),
	CONSTRAINT "listing_verifications_method_check" CHECK ("listing_verifications"."method" in ('sms-code', 'voice-code', 'vnin', 'document', 'cac-lookup')),
	CONSTRAINT "listing_verifications_shape_check" CHECK (
		("listing_verifications"."level" = 'phone' and "listing_verifications"."business_id" is not null and "listing_verifications"."phone" is not null)
		or ("listing_verifications"."level" = 'identity' and "listing_verifications"."business_id" is null and "listing_verifications"."full_name" is not null)
		or ("listing_verifications"."level" = 'business' and "listing_verifications"."business_id" is not null and "listing_verifications"."rc_number" is not null and "listing_verifications"."registered_name" is not null)
	),
	CONSTRAINT "listing_verifications_last4_check" CHECK ("listing_verifications"."id_last4" is null or "listing_verifications"."id_last4" ~ '^[A-Z0-9]{4}$'),
	CONSTRAINT "listing_verifications_ended_check" CHECK (("listing_verifications"."ended_at" is null) = ("listing_verifications"."end_reason" is null)),
	CONSTRAINT "listing_verifications_reason_check" CHECK ("listing_verifications"."end_reason" is null or char_length("listing_verifications"."end_reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "listing_verifications" ADD CONSTRAINT "listing_verifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "listing_verifications" ADD CONSTRAINT "listing_verifications_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "listing_verifications" ADD CONSTRAINT "listing_verifications_ended_by_user_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- One standing verification per listing and level, and one standing identity per owner (a new one ends the old first).
CREATE UNIQUE INDEX "listing_verifications_one_listing_idx" ON "listing_verifications" USING btree ("business_id","level") WHERE ended_at is null and business_id is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "listing_verifications_one_identity_idx" ON "listing_verifications" USING btree ("user_id") WHERE ended_at is null and level = 'identity';
--> statement-breakpoint
-- An owner's verifications, standing and ended (their page, the data export).
CREATE INDEX "listing_verifications_user_idx" ON "listing_verifications" USING btree ("user_id","verified_at" DESC NULLS LAST);
--> statement-breakpoint
-- A listing's verifications, standing and ended (its page, the admin's view).
CREATE INDEX "listing_verifications_business_idx" ON "listing_verifications" USING btree ("business_id","verified_at" DESC NULLS LAST) WHERE business_id is not null;
--> statement-breakpoint
-- The hourly sweep: standing verifications whose date has passed.
CREATE INDEX "listing_verifications_expiry_idx" ON "listing_verifications" USING btree ("expires_at") WHERE ended_at is null;
--> statement-breakpoint
-- The levels a public listing shows now, as bits (1 phone, 2 identity, 4 registered business), kept by
-- app/features/verification in the transaction of each change: search's 'Verified' filter reads them.
ALTER TABLE "businesses" ADD COLUMN "verified_levels" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_verified_levels_check" CHECK ("businesses"."verified_levels" between 0 and 7);
--> statement-breakpoint
CREATE INDEX "businesses_public_verified_idx" ON "businesses" USING btree ("created_at" DESC NULLS LAST,"id") WHERE verified_levels > 0 and approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null);
--> statement-breakpoint
-- A change of the levels changes what the listing's page and card show: announced to the page caches (ADR 28) like
-- every other column pages show (migration 0041's list, with verified_levels).
DROP TRIGGER businesses_public_pages_update ON businesses;
--> statement-breakpoint
CREATE TRIGGER businesses_public_pages_update AFTER UPDATE OF
  id, user_id, name, description, address, plot_number, state, country, phone_number, website_url, products, category, approved, featured, featured_until, approval_status, approved_at, rejected_at, rejection_reason, featured_managed_by, featured_managed_at, owner_suspended, social_media_links, created_at, updated_at, change_rejected_at, change_rejection_reason, premium_until, review_count, review_star_sum, review_stars_5, review_stars_4, review_stars_3, review_stars_2, review_stars_1, rating_score, opening_hours, open_minutes, lga, landmark, latitude, longitude, source, source_id, source_seen_at, source_gone_at, claimed_at, covered_by, verified_levels
  ON businesses FOR EACH ROW WHEN ((OLD.approved AND OLD.approval_status = 'approved' AND NOT OLD.owner_suspended AND (OLD.user_id IS NOT NULL OR OLD.source IS NOT NULL)) OR (NEW.approved AND NEW.approval_status = 'approved' AND NOT NEW.owner_suspended AND (NEW.user_id IS NOT NULL OR NEW.source IS NOT NULL)))
  EXECUTE FUNCTION notify_public_pages();
