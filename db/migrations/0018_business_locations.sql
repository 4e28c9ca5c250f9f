-- 'Near me' (issue 17, ADR 23): a listing's location and an index for distances from a point.
-- cube and earthdistance ship with PostgreSQL (contrib) and with PGlite (loaded in app/lib/db.server.ts).
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
-- Degrees (WGS 84), both or neither, inside Nigeria's bounding box (the per-state check is the form's).
ALTER TABLE businesses ADD COLUMN latitude double precision, ADD COLUMN longitude double precision;
--> statement-breakpoint
ALTER TABLE businesses ADD CONSTRAINT businesses_location_check CHECK (
  (latitude IS NULL) = (longitude IS NULL)
  AND (latitude IS NULL OR (latitude BETWEEN 4.0 AND 14.0 AND longitude BETWEEN 2.5 AND 15.0)));
--> statement-breakpoint
-- Public listings with a location, as points on the earth: earth_box(…) @> finds those within a radius and
-- the cube <-> operator reads them nearest first (a KNN scan), so a page of the nearest is bounded work.
CREATE INDEX businesses_public_location_idx ON businesses USING gist (ll_to_earth(latitude, longitude))
  WHERE latitude IS NOT NULL AND approved AND approval_status = 'approved' AND NOT owner_suspended AND user_id IS NOT NULL;
