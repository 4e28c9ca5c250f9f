-- Verification levels, after review (issue 35, ADR 39).
-- 1. A code that verifies a listing's phone has a purpose of its own ('listing-phone'): a claim's code cannot verify a
--    phone, nor a phone check's code claim a listing (each SMS says what its code unlocks).
ALTER TABLE "phone_codes" DROP CONSTRAINT "phone_codes_purpose_check";
--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('verify-phone', 'sign-in', 'claim-listing', 'listing-phone'));
--> statement-breakpoint
-- 2. Owners whose photo ID an admin approved before the levels existed have the identity level by document, from the
--    day of the approval (as approveKyc gives it now), unless its 24 months have passed or it stands already.
INSERT INTO "listing_verifications" (level, method, user_id, full_name, verified_at, expires_at)
  SELECT DISTINCT ON (k.user_id) 'identity', 'document', k.user_id, k.full_name, k.reviewed_at, k.reviewed_at + interval '24 months'
  FROM "kyc_submissions" k
  JOIN "user" u ON u.id = k.user_id AND u.deleted_at IS NULL
  WHERE k.status = 'approved' AND k.reviewed_at IS NOT NULL AND k.reviewed_at + interval '24 months' > now()
    AND NOT EXISTS (SELECT 1 FROM "listing_verifications" v WHERE v.user_id = k.user_id AND v.level = 'identity' AND v.ended_at IS NULL)
  ORDER BY k.user_id, k.reviewed_at DESC;
--> statement-breakpoint
UPDATE "businesses" b SET verified_levels = x.levels
  FROM (
    SELECT l.id, coalesce((
      SELECT bit_or(CASE v.level WHEN 'phone' THEN 1 WHEN 'identity' THEN 2 ELSE 4 END)::smallint FROM "listing_verifications" v
      WHERE v.ended_at IS NULL AND v.expires_at > now() AND (v.business_id = l.id OR (v.level = 'identity' AND v.business_id IS NULL AND v.user_id = l.user_id))
    ), 0) AS levels
    FROM "businesses" l
    WHERE l.user_id IN (SELECT user_id FROM "listing_verifications" WHERE level = 'identity' AND ended_at IS NULL)
  ) x
  WHERE b.id = x.id AND b.verified_levels <> x.levels;
--> statement-breakpoint
-- 3. The admins' Verification tab: standing levels newest first, read in the index's order.
CREATE INDEX "listing_verifications_standing_idx" ON "listing_verifications" USING btree ("verified_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE ended_at is null;
