-- Listings imported from OpenStreetMap, Overture Maps or an operator's CSV, that owners claim (issue 34, ADR 38).
-- An imported listing remembers where it came from (source 'osm', 'overture' or 'csv:<name>', and the id there:
-- 'node/123', 'way/456'…), when an import last had it and when one no longer did; it has no owner until claimed. Such a
-- listing is public without an owner, so the public predicate becomes '… and (user_id is not null or source is not
-- null)' (a listing whose owner is gone and that came from nowhere stays hidden, as before), and every partial index
-- written with it is made again with the new predicate, word for word as the queries write it.
ALTER TABLE "businesses" ADD COLUMN "source" text;
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "source_id" text;
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "source_seen_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "source_gone_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "claimed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "covered_by" uuid;
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_covered_by_businesses_id_fk" FOREIGN KEY ("covered_by") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_source_check" CHECK (("businesses"."source" is null) = ("businesses"."source_id" is null) and ("businesses"."source" is null or "businesses"."source" ~ '^(osm|overture|csv:[a-z0-9-]{1,40})$'));
--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_source_key" ON "businesses" USING btree ("source","source_id") WHERE source is not null;
--> statement-breakpoint
-- Listings covered by an owner's listing, for the admins' view of the links.
CREATE INDEX "businesses_covered_by_idx" ON "businesses" USING btree ("covered_by") WHERE covered_by is not null;
--> statement-breakpoint
DROP INDEX "businesses_public_order_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_order_idx" ON "businesses" USING btree ("featured" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id") WHERE approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null);
--> statement-breakpoint
DROP INDEX "businesses_public_state_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_state_idx" ON "businesses" USING btree ("state") WHERE approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null);
--> statement-breakpoint
DROP INDEX "businesses_public_category_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_category_idx" ON "businesses" USING btree ("category") WHERE approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null);
--> statement-breakpoint
DROP INDEX "businesses_public_created_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_created_idx" ON "businesses" USING btree ("created_at" DESC NULLS LAST, "id") WHERE approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null);
--> statement-breakpoint
DROP INDEX "businesses_public_state_category_created_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_state_category_created_idx" ON "businesses" USING btree ("state", "category", "created_at" DESC NULLS LAST, "id") WHERE approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null);
--> statement-breakpoint
DROP INDEX "businesses_public_premium_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_premium_idx" ON "businesses" USING btree ("created_at" DESC NULLS LAST, "id") WHERE premium_until is not null and approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null);
--> statement-breakpoint
DROP INDEX "businesses_public_rating_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_rating_idx" ON "businesses" USING btree ("rating_score" DESC,"review_count" DESC,"created_at" DESC,"id") WHERE approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null);
--> statement-breakpoint
DROP INDEX "businesses_public_rated4_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_rated4_idx" ON "businesses" USING btree ("rating_score" DESC,"created_at" DESC,"id") WHERE approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null) and review_count > 0 and review_star_sum >= 4 * review_count;
--> statement-breakpoint
DROP INDEX "businesses_public_open_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_open_idx" ON "businesses" USING gist ("open_minutes") WHERE approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null);
--> statement-breakpoint
DROP INDEX "businesses_public_state_lga_created_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_state_lga_created_idx" ON "businesses" USING btree ("state", "lga", "created_at" DESC NULLS LAST, "id") WHERE approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null) and lga is not null;
--> statement-breakpoint
DROP INDEX "businesses_public_state_lga_category_created_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_state_lga_category_created_idx" ON "businesses" USING btree ("state", "lga", "category", "created_at" DESC NULLS LAST, "id") WHERE approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null) and lga is not null;
--> statement-breakpoint
DROP INDEX "businesses_public_location_idx";
--> statement-breakpoint
CREATE INDEX "businesses_public_location_idx" ON "businesses" USING gist (point(longitude * 0.98769, latitude)) WHERE latitude is not null and approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null);
--> statement-breakpoint
-- The counts of public listings per state, LGA and category kept by triggers (migrations 0004, 0017, 0020), and the
-- page caches' notices (0027), follow the same predicate.
CREATE OR REPLACE FUNCTION business_facet_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_public boolean := TG_OP <> 'INSERT' AND OLD.approved AND OLD.approval_status = 'approved' AND NOT OLD.owner_suspended AND (OLD.user_id IS NOT NULL OR OLD.source IS NOT NULL);
  new_public boolean := TG_OP <> 'DELETE' AND NEW.approved AND NEW.approval_status = 'approved' AND NOT NEW.owner_suspended AND (NEW.user_id IS NOT NULL OR NEW.source IS NOT NULL);
BEGIN
  IF TG_OP = 'UPDATE' AND old_public = new_public AND OLD.state IS NOT DISTINCT FROM NEW.state AND OLD.category IS NOT DISTINCT FROM NEW.category THEN
    RETURN NULL;
  END IF;
  IF old_public THEN
    UPDATE business_facet_counts SET count = count - 1 WHERE state = coalesce(OLD.state, '') AND category = coalesce(OLD.category, '');
  END IF;
  IF new_public THEN
    INSERT INTO business_facet_counts AS c (state, category, count) VALUES (coalesce(NEW.state, ''), coalesce(NEW.category, ''), 1)
    ON CONFLICT (state, category) DO UPDATE SET count = c.count + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_lga_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counted boolean := TG_OP <> 'INSERT' AND OLD.approved AND OLD.approval_status = 'approved' AND NOT OLD.owner_suspended AND (OLD.user_id IS NOT NULL OR OLD.source IS NOT NULL) AND OLD.lga IS NOT NULL;
  new_counted boolean := TG_OP <> 'DELETE' AND NEW.approved AND NEW.approval_status = 'approved' AND NOT NEW.owner_suspended AND (NEW.user_id IS NOT NULL OR NEW.source IS NOT NULL) AND NEW.lga IS NOT NULL;
BEGIN
  IF TG_OP = 'UPDATE' AND old_counted = new_counted AND OLD.state IS NOT DISTINCT FROM NEW.state AND OLD.lga IS NOT DISTINCT FROM NEW.lga AND OLD.category IS NOT DISTINCT FROM NEW.category THEN
    RETURN NULL;
  END IF;
  IF old_counted THEN
    UPDATE business_lga_counts SET count = count - 1 WHERE state = coalesce(OLD.state, '') AND lga = OLD.lga AND category = coalesce(OLD.category, '');
  END IF;
  IF new_counted THEN
    INSERT INTO business_lga_counts AS c (state, lga, category, count) VALUES (coalesce(NEW.state, ''), NEW.lga, coalesce(NEW.category, ''), 1)
    ON CONFLICT (state, lga, category) DO UPDATE SET count = c.count + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_rated4_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_in boolean := TG_OP <> 'INSERT' AND OLD.approved AND OLD.approval_status = 'approved' AND NOT OLD.owner_suspended
    AND (OLD.user_id IS NOT NULL OR OLD.source IS NOT NULL) AND OLD.review_count > 0 AND OLD.review_star_sum >= 4 * OLD.review_count;
  new_in boolean := TG_OP <> 'DELETE' AND NEW.approved AND NEW.approval_status = 'approved' AND NOT NEW.owner_suspended
    AND (NEW.user_id IS NOT NULL OR NEW.source IS NOT NULL) AND NEW.review_count > 0 AND NEW.review_star_sum >= 4 * NEW.review_count;
BEGIN
  IF TG_OP = 'UPDATE' AND old_in = new_in AND OLD.state IS NOT DISTINCT FROM NEW.state AND OLD.lga IS NOT DISTINCT FROM NEW.lga
     AND OLD.category IS NOT DISTINCT FROM NEW.category THEN
    RETURN NULL;
  END IF;
  IF old_in THEN
    UPDATE business_rated4_counts SET count = count - 1 WHERE state = coalesce(OLD.state, '') AND category = coalesce(OLD.category, '');
    IF OLD.lga IS NOT NULL THEN
      UPDATE business_rated4_lga_counts SET count = count - 1 WHERE state = coalesce(OLD.state, '') AND lga = OLD.lga AND category = coalesce(OLD.category, '');
    END IF;
  END IF;
  IF new_in THEN
    INSERT INTO business_rated4_counts AS c (state, category, count) VALUES (coalesce(NEW.state, ''), coalesce(NEW.category, ''), 1)
    ON CONFLICT (state, category) DO UPDATE SET count = c.count + 1;
    IF NEW.lga IS NOT NULL THEN
      INSERT INTO business_rated4_lga_counts AS c (state, lga, category, count) VALUES (coalesce(NEW.state, ''), NEW.lga, coalesce(NEW.category, ''), 1)
      ON CONFLICT (state, lga, category) DO UPDATE SET count = c.count + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER businesses_public_pages_insert ON businesses;
--> statement-breakpoint
CREATE TRIGGER businesses_public_pages_insert AFTER INSERT ON businesses
  FOR EACH ROW WHEN (NEW.approved AND NEW.approval_status = 'approved' AND NOT NEW.owner_suspended AND (NEW.user_id IS NOT NULL OR NEW.source IS NOT NULL)) EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
DROP TRIGGER businesses_public_pages_delete ON businesses;
--> statement-breakpoint
CREATE TRIGGER businesses_public_pages_delete AFTER DELETE ON businesses
  FOR EACH ROW WHEN (OLD.approved AND OLD.approval_status = 'approved' AND NOT OLD.owner_suspended AND (OLD.user_id IS NOT NULL OR OLD.source IS NOT NULL)) EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
DROP TRIGGER businesses_public_pages_update ON businesses;
--> statement-breakpoint
CREATE TRIGGER businesses_public_pages_update AFTER UPDATE OF
  id, user_id, name, description, address, plot_number, state, country, phone_number, website_url, products, category, approved, featured, featured_until, approval_status, approved_at, rejected_at, rejection_reason, featured_managed_by, featured_managed_at, owner_suspended, social_media_links, created_at, updated_at, change_rejected_at, change_rejection_reason, premium_until, review_count, review_star_sum, review_stars_5, review_stars_4, review_stars_3, review_stars_2, review_stars_1, rating_score, opening_hours, open_minutes, lga, landmark, latitude, longitude, source, source_id, source_seen_at, source_gone_at, claimed_at, covered_by
  ON businesses FOR EACH ROW WHEN ((OLD.approved AND OLD.approval_status = 'approved' AND NOT OLD.owner_suspended AND (OLD.user_id IS NOT NULL OR OLD.source IS NOT NULL)) OR (NEW.approved AND NEW.approval_status = 'approved' AND NOT NEW.owner_suspended AND (NEW.user_id IS NOT NULL OR NEW.source IS NOT NULL)))
  EXECUTE FUNCTION notify_public_pages();
