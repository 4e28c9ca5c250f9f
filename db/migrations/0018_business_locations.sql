-- 'Near me' (issue 17, ADR 23): a listing's location and an index for distances from a point.
-- Core PostgreSQL only (the point type and GiST's point_ops), the same on PGlite: no extension to load or create.
-- Degrees (WGS 84), both or neither, inside Nigeria's bounding box (the per-state check is the form's).
ALTER TABLE businesses ADD COLUMN latitude double precision, ADD COLUMN longitude double precision;
--> statement-breakpoint
ALTER TABLE businesses ADD CONSTRAINT businesses_location_check CHECK (
  (latitude IS NULL) = (longitude IS NULL)
  AND (latitude IS NULL OR (latitude BETWEEN 4.0 AND 14.0 AND longitude BETWEEN 2.5 AND 15.0)));
--> statement-breakpoint
-- Public listings with a location as points on a flat map of Nigeria: x = longitude × cos 9° (Nigeria's middle
-- latitude), y = latitude, both in degrees of latitude. Plane distances are within 2% of true ones anywhere in
-- the country, so `point <@ box` finds those within a radius (with a margin) and the point <-> operator reads them
-- nearest first (a KNN scan): a page of the nearest is bounded work. Exact distances are computed per result.
-- The expression must be written exactly so in queries (PLANE_POINT in near-search.server.ts).
CREATE INDEX businesses_public_location_idx ON businesses USING gist (point(longitude * 0.98769, latitude))
  WHERE latitude IS NOT NULL AND approved AND approval_status = 'approved' AND NOT owner_suspended AND user_id IS NOT NULL;
