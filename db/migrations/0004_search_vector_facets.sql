-- Directory search (docs/decisions/0007-search-sampling-for-common-words.md). See app/features/directory/search-businesses.server.ts for how these are used.
--
-- 1. The search vector is rebuilt:
--    - words joined by '/' are split ('Restaurant/Bar', '24/7'): the 'simple' parser reads them as one
--      file-path token, so 'bar' or 'restaurant' would not find them;
--    - '_b0'…'_b63' and '_s0'…'_s63': two 6-bit slices of a hash of the listing's id, so the counts of a
--      very large result set can be estimated from an exact count of a known fraction of it (down to
--      1/4096), found inside the index;
--    Searches only ever put letters and digits in a query, so no search reaches these marker lexemes.
ALTER TABLE "businesses" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, translate(coalesce(name, ''), '/', ' ')), 'A') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(category, '') || ' ' || coalesce(immutable_array_to_string(products), ''), '/', ' ')), 'B') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(state, '') || ' ' || coalesce(address, ''), '/', ' ')), 'C') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(description, ''), '/', ' ')), 'D') || ('_b' || (hashtext(id::text) & 63)::text || ' _s' || ((hashtext(id::text) >> 6) & 63)::text)::tsvector) STORED;--> statement-breakpoint
CREATE INDEX "businesses_search_vector_idx" ON "businesses" USING gin ("search_vector");--> statement-breakpoint
-- 2. Public listings newest first (the listing page without a featured placement in front).
CREATE INDEX "businesses_public_created_idx" ON "businesses" USING btree ("created_at" DESC NULLS LAST, "id") WHERE approved and approval_status = 'approved' and not owner_suspended and user_id is not null;--> statement-breakpoint
-- 3. Public listings per region and category, kept exact by a trigger: the filter counts of the listing
--    page without search text cost one small read, however large the directory.
CREATE TABLE "business_facet_counts" (
	"state" text NOT NULL,
	"category" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "business_facet_counts_pkey" PRIMARY KEY ("state", "category")
);--> statement-breakpoint
CREATE FUNCTION business_facet_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_public boolean := TG_OP <> 'INSERT' AND OLD.approved AND OLD.approval_status = 'approved' AND NOT OLD.owner_suspended AND OLD.user_id IS NOT NULL;
  new_public boolean := TG_OP <> 'DELETE' AND NEW.approved AND NEW.approval_status = 'approved' AND NOT NEW.owner_suspended AND NEW.user_id IS NOT NULL;
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
END $$;--> statement-breakpoint
CREATE FUNCTION business_facet_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM business_facet_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "businesses_facet_counts" AFTER INSERT OR DELETE OR UPDATE OF approved, approval_status, owner_suspended, user_id, state, category
  ON "businesses" FOR EACH ROW EXECUTE FUNCTION business_facet_counts_apply();--> statement-breakpoint
CREATE TRIGGER "businesses_facet_counts_truncate" AFTER TRUNCATE ON "businesses" FOR EACH STATEMENT EXECUTE FUNCTION business_facet_counts_clear();--> statement-breakpoint
INSERT INTO "business_facet_counts" (state, category, count)
  SELECT coalesce(state, ''), coalesce(category, ''), count(*) FROM "businesses"
  WHERE approved AND approval_status = 'approved' AND NOT owner_suspended AND user_id IS NOT NULL
  GROUP BY 1, 2;
