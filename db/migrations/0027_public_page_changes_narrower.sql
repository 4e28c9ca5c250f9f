-- Narrower announcements of public changes (review of issue 19, ADR 28): 0026 announced every change to the
-- tables public pages read, so a listing still pending, a held review or a 'Helpful' vote emptied every page cache
-- on every process, and every view counted built two JSON copies of the listing's row to find out it changed nothing
-- else. Now:
-- - a listing announces its insert, delete or update only when it was or is public; an update only when it sets a
--   column pages show (every column but view_count, named: db/migrations.server.test.ts fails when a new column is
--   left out), so the view counter's UPDATE fires nothing at all;
-- - a review only when it was or is published (its helpful count is a column of the review: the votes' own trigger
--   was redundant).
DROP TRIGGER IF EXISTS businesses_public_pages_rows ON businesses;
--> statement-breakpoint
DROP TRIGGER IF EXISTS businesses_public_pages_update ON businesses;
--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_public_pages ON reviews;
--> statement-breakpoint
DROP TRIGGER IF EXISTS review_helpful_votes_public_pages ON review_helpful_votes;
--> statement-breakpoint
CREATE TRIGGER businesses_public_pages_insert AFTER INSERT ON businesses
  FOR EACH ROW WHEN (NEW.approved AND NEW.approval_status = 'approved' AND NOT NEW.owner_suspended AND NEW.user_id IS NOT NULL) EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER businesses_public_pages_delete AFTER DELETE ON businesses
  FOR EACH ROW WHEN (OLD.approved AND OLD.approval_status = 'approved' AND NOT OLD.owner_suspended AND OLD.user_id IS NOT NULL) EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER businesses_public_pages_update AFTER UPDATE OF
  id, user_id, name, description, address, plot_number, state, country, phone_number, website_url, products, category, approved, featured, featured_until, approval_status, approved_at, rejected_at, rejection_reason, featured_managed_by, featured_managed_at, owner_suspended, social_media_links, created_at, updated_at, change_rejected_at, change_rejection_reason, premium_until, review_count, review_star_sum, review_stars_5, review_stars_4, review_stars_3, review_stars_2, review_stars_1, rating_score, opening_hours, open_minutes, lga, landmark, latitude, longitude
  ON businesses FOR EACH ROW WHEN ((OLD.approved AND OLD.approval_status = 'approved' AND NOT OLD.owner_suspended AND OLD.user_id IS NOT NULL) OR (NEW.approved AND NEW.approval_status = 'approved' AND NOT NEW.owner_suspended AND NEW.user_id IS NOT NULL))
  EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER businesses_public_pages_truncate AFTER TRUNCATE ON businesses
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER reviews_public_pages_insert AFTER INSERT ON reviews
  FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER reviews_public_pages_delete AFTER DELETE ON reviews
  FOR EACH ROW WHEN (OLD.status = 'published') EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER reviews_public_pages_update AFTER UPDATE ON reviews
  FOR EACH ROW WHEN (OLD.status = 'published' OR NEW.status = 'published') EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER reviews_public_pages_truncate AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
