-- Issue 16: reviews and ratings (ADR 18).
-- 1. A listing's rating, kept on the listing itself so a card or a search never aggregates: the count of its
-- published reviews, the sum of their stars, how many gave 5, 4, 3, 2 and 1 star, and the Bayesian score that
-- sort=rating orders by ((C*m + sum) / (C + count), m = 3.5, C = 5: ADR 18). Maintained by the reviews feature
-- in the same transaction as every publish, edit, delete and hide. Constant defaults: no table rewrite.
ALTER TABLE "businesses" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_star_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_stars_5" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_stars_4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_stars_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_stars_2" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_stars_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "rating_score" real DEFAULT 3.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_review_counts_check" CHECK ("businesses"."review_count" >= 0 and "businesses"."review_star_sum" = 5 * "businesses"."review_stars_5" + 4 * "businesses"."review_stars_4" + 3 * "businesses"."review_stars_3" + 2 * "businesses"."review_stars_2" + "businesses"."review_stars_1" and "businesses"."review_count" = "businesses"."review_stars_5" + "businesses"."review_stars_4" + "businesses"."review_stars_3" + "businesses"."review_stars_2" + "businesses"."review_stars_1");--> statement-breakpoint
-- sort=rating over the public directory, and the 'rated 4+' filter (average >= 4, i.e. sum >= 4 * count).
CREATE INDEX "businesses_public_rating_idx" ON "businesses" USING btree ("rating_score" DESC,"review_count" DESC,"created_at" DESC,"id") WHERE approved and approval_status = 'approved' and not owner_suspended and user_id is not null;--> statement-breakpoint
CREATE INDEX "businesses_public_rated4_idx" ON "businesses" USING btree ("rating_score" DESC,"created_at" DESC,"id") WHERE approved and approval_status = 'approved' and not owner_suspended and user_id is not null and review_count > 0 and review_star_sum >= 4 * review_count;--> statement-breakpoint
-- 2. Reviews: one per author and business. 'held' waits for moderation (links, phone numbers, new accounts),
-- 'hidden' was taken down by an admin; neither is public nor counted. The owner's one public reply lives on the row.
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"stars" smallint NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"reply_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_stars_check" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_body_check" CHECK (char_length("reviews"."body") between 10 and 2000),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('published', 'held', 'hidden')),
	CONSTRAINT "reviews_helpful_count_check" CHECK ("reviews"."helpful_count" >= 0),
	CONSTRAINT "reviews_reply_check" CHECK ("reviews"."reply" is null or char_length("reviews"."reply") between 1 and 2000)
);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_author_idx" ON "reviews" USING btree ("business_id","author_id");--> statement-breakpoint
CREATE INDEX "reviews_business_newest_idx" ON "reviews" USING btree ("business_id","created_at" DESC,"id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "reviews_business_helpful_idx" ON "reviews" USING btree ("business_id","helpful_count" DESC,"created_at" DESC,"id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "reviews_author_created_idx" ON "reviews" USING btree ("author_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "reviews_held_idx" ON "reviews" USING btree ("created_at" DESC) WHERE status = 'held';--> statement-breakpoint
-- 3. 'Helpful' votes: one per user per review.
CREATE TABLE "review_helpful_votes" (
	"review_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_helpful_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);--> statement-breakpoint
ALTER TABLE "review_helpful_votes" ADD CONSTRAINT "review_helpful_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful_votes" ADD CONSTRAINT "review_helpful_votes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_helpful_votes_user_idx" ON "review_helpful_votes" USING btree ("user_id");--> statement-breakpoint
-- 'Verified contact': did the business answer this author? (business_id, visitor_id) of the owner's messages.
CREATE INDEX "business_messages_answered_idx" ON "business_messages" USING btree ("business_id","visitor_id") WHERE sender_type = 'business';
