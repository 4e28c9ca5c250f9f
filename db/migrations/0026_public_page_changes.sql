-- Public pages served from a cache (issue 19, ADR 28): every change that can alter what an anonymous visitor
-- sees on /, /businesses, a business page or a landing page announces itself on the 'public_pages' channel when
-- its transaction commits, whichever code made it; each server process empties its page cache when it hears it.
-- A listing's view counter (bumped by every counted view) is the one change that is not announced.
CREATE OR REPLACE FUNCTION notify_public_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_pages', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_public_pages_rows AFTER INSERT OR DELETE ON businesses
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER businesses_public_pages_update AFTER UPDATE ON businesses
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'view_count') IS DISTINCT FROM (to_jsonb(NEW) - 'view_count'))
  EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER business_images_public_pages AFTER INSERT OR UPDATE OR DELETE ON business_images
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER business_closures_public_pages AFTER INSERT OR UPDATE OR DELETE ON business_closures
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER reviews_public_pages AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
CREATE TRIGGER review_helpful_votes_public_pages AFTER INSERT OR UPDATE OR DELETE ON review_helpful_votes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
--> statement-breakpoint
-- Reviewers' names come from their profiles.
CREATE TRIGGER profiles_public_pages AFTER UPDATE OF first_name, last_name ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
