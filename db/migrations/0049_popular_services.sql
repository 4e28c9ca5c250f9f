-- Issue 37: the home page's 'Popular This Week': the categories most searched for and contacted in the last 7 WAT
-- days, recomputed by the scheduled job 'popular-services' (app/features/directory/refresh-popular-services.server.ts).
CREATE TABLE "popular_services" (
	"category" text PRIMARY KEY NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
