-- LGAs and landmarks (docs/decisions/0022-lgas-and-landmarks.md).
--
-- 1. A listing's local government area (one of its state's, app/lib/nigeria-lgas.ts: the use cases check it;
--    the database only refuses an LGA without a state) and an optional landmark line ('Opposite First Bank').
--    Existing listings have neither until their owner sets them. A change waiting for review carries the
--    landmark (reviewed like the address); the LGA, chosen from a list like the state, applies at once.
ALTER TABLE "businesses" ADD COLUMN "lga" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_lga_state_check" CHECK (lga is null or state is not null);--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_landmark_length_check" CHECK (char_length(landmark) <= 150);--> statement-breakpoint
ALTER TABLE "business_revisions" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "business_revisions" ADD CONSTRAINT "business_revisions_landmark_length_check" CHECK (char_length(landmark) <= 150);--> statement-breakpoint
-- 2. The search vector is rebuilt with the LGA and the landmark beside the state and the address (weight C);
--    the other weights and 0006's sampling markers are unchanged.
ALTER TABLE "businesses" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, translate(coalesce(name, ''), '/', ' ')), 'A') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(category, '') || ' ' || coalesce(immutable_array_to_string(products), ''), '/', ' ')), 'B') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(state, '') || ' ' || coalesce(lga, '') || ' ' || coalesce(address, '') || ' ' || coalesce(landmark, ''), '/', ' ')), 'C') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(description, ''), '/', ' ')), 'D') || array_to_tsvector((ARRAY['_1', '_2', '_3', '_4', '_5', '_6', '_7', '_8', '_9', '_10', '_11', '_12'])[1:(13 - length(rtrim(((hashtext(id::text) & 4095) | 4096)::bit(13)::text, '0')))])) STORED;--> statement-breakpoint
CREATE INDEX "businesses_search_vector_idx" ON "businesses" USING gin ("search_vector");--> statement-breakpoint
-- 3. The listing page filtered by region and LGA (and category), newest first, read in order.
CREATE INDEX "businesses_public_state_lga_created_idx" ON "businesses" USING btree ("state", "lga", "created_at" DESC NULLS LAST, "id") WHERE approved and approval_status = 'approved' and not owner_suspended and user_id is not null and lga is not null;--> statement-breakpoint
CREATE INDEX "businesses_public_state_lga_category_created_idx" ON "businesses" USING btree ("state", "lga", "category", "created_at" DESC NULLS LAST, "id") WHERE approved and approval_status = 'approved' and not owner_suspended and user_id is not null and lga is not null;--> statement-breakpoint
-- 4. Public listings with an LGA per state, LGA and category, kept exact by a trigger like 0004's
--    business_facet_counts: the LGA counts of the listing page without search text cost one small read.
CREATE TABLE "business_lga_counts" (
	"state" text NOT NULL,
	"lga" text NOT NULL,
	"category" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "business_lga_counts_pkey" PRIMARY KEY ("state", "lga", "category")
);--> statement-breakpoint
CREATE FUNCTION business_lga_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counted boolean := TG_OP <> 'INSERT' AND OLD.approved AND OLD.approval_status = 'approved' AND NOT OLD.owner_suspended AND OLD.user_id IS NOT NULL AND OLD.lga IS NOT NULL;
  new_counted boolean := TG_OP <> 'DELETE' AND NEW.approved AND NEW.approval_status = 'approved' AND NOT NEW.owner_suspended AND NEW.user_id IS NOT NULL AND NEW.lga IS NOT NULL;
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
END $$;--> statement-breakpoint
CREATE FUNCTION business_lga_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM business_lga_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "businesses_lga_counts" AFTER INSERT OR DELETE OR UPDATE OF approved, approval_status, owner_suspended, user_id, state, lga, category
  ON "businesses" FOR EACH ROW EXECUTE FUNCTION business_lga_counts_apply();--> statement-breakpoint
CREATE TRIGGER "businesses_lga_counts_truncate" AFTER TRUNCATE ON "businesses" FOR EACH STATEMENT EXECUTE FUNCTION business_lga_counts_clear();--> statement-breakpoint
INSERT INTO "business_lga_counts" (state, lga, category, count)
  SELECT coalesce(state, ''), lga, coalesce(category, ''), count(*) FROM "businesses"
  WHERE approved AND approval_status = 'approved' AND NOT owner_suspended AND user_id IS NOT NULL AND lga IS NOT NULL
  GROUP BY 1, 2, 3;
