-- 'Verified businesses only' on /businesses (issue 35, ADR 39): the public listings with a verification level standing
-- (verified_levels > 0), counted per state and category and, for listings with an LGA, per state, LGA and category,
-- like the 'Rated 4+' counts (migrations 0020 and 0041). One trigger keeps both, so browsing with the filter counts in
-- constant time at a million listings (counting the verified listings themselves took 90-120 ms there).
CREATE TABLE "business_verified_counts" (
	"state" text NOT NULL,
	"category" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "business_verified_counts_pkey" PRIMARY KEY ("state", "category")
);--> statement-breakpoint
CREATE TABLE "business_verified_lga_counts" (
	"state" text NOT NULL,
	"lga" text NOT NULL,
	"category" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "business_verified_lga_counts_pkey" PRIMARY KEY ("state", "lga", "category")
);--> statement-breakpoint
CREATE FUNCTION business_verified_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_in boolean := TG_OP <> 'INSERT' AND OLD.approved AND OLD.approval_status = 'approved' AND NOT OLD.owner_suspended
    AND (OLD.user_id IS NOT NULL OR OLD.source IS NOT NULL) AND OLD.verified_levels > 0;
  new_in boolean := TG_OP <> 'DELETE' AND NEW.approved AND NEW.approval_status = 'approved' AND NOT NEW.owner_suspended
    AND (NEW.user_id IS NOT NULL OR NEW.source IS NOT NULL) AND NEW.verified_levels > 0;
BEGIN
  IF TG_OP = 'UPDATE' AND old_in = new_in AND OLD.state IS NOT DISTINCT FROM NEW.state AND OLD.lga IS NOT DISTINCT FROM NEW.lga
     AND OLD.category IS NOT DISTINCT FROM NEW.category THEN
    RETURN NULL;
  END IF;
  IF old_in THEN
    UPDATE business_verified_counts SET count = count - 1 WHERE state = coalesce(OLD.state, '') AND category = coalesce(OLD.category, '');
    IF OLD.lga IS NOT NULL THEN
      UPDATE business_verified_lga_counts SET count = count - 1 WHERE state = coalesce(OLD.state, '') AND lga = OLD.lga AND category = coalesce(OLD.category, '');
    END IF;
  END IF;
  IF new_in THEN
    INSERT INTO business_verified_counts AS c (state, category, count) VALUES (coalesce(NEW.state, ''), coalesce(NEW.category, ''), 1)
    ON CONFLICT (state, category) DO UPDATE SET count = c.count + 1;
    IF NEW.lga IS NOT NULL THEN
      INSERT INTO business_verified_lga_counts AS c (state, lga, category, count) VALUES (coalesce(NEW.state, ''), NEW.lga, coalesce(NEW.category, ''), 1)
      ON CONFLICT (state, lga, category) DO UPDATE SET count = c.count + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION business_verified_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM business_verified_counts;
  DELETE FROM business_verified_lga_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "businesses_verified_counts" AFTER INSERT OR DELETE
  OR UPDATE OF approved, approval_status, owner_suspended, user_id, source, state, lga, category, verified_levels
  ON "businesses" FOR EACH ROW EXECUTE FUNCTION business_verified_counts_apply();--> statement-breakpoint
CREATE TRIGGER "businesses_verified_counts_truncate" AFTER TRUNCATE ON "businesses" FOR EACH STATEMENT EXECUTE FUNCTION business_verified_counts_clear();--> statement-breakpoint
INSERT INTO "business_verified_counts" (state, category, count)
  SELECT coalesce(state, ''), coalesce(category, ''), count(*) FROM "businesses"
  WHERE approved AND approval_status = 'approved' AND NOT owner_suspended AND (user_id IS NOT NULL OR source IS NOT NULL) AND verified_levels > 0
  GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "business_verified_lga_counts" (state, lga, category, count)
  SELECT coalesce(state, ''), lga, coalesce(category, ''), count(*) FROM "businesses"
  WHERE approved AND approval_status = 'approved' AND NOT owner_suspended AND (user_id IS NOT NULL OR source IS NOT NULL) AND verified_levels > 0 AND lga IS NOT NULL
  GROUP BY 1, 2, 3;
