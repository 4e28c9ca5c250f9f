-- Security finding 12: at most one payment in flight per account and thing bought. A pending payment is
-- "in flight"; a subscription is the same thing when its plan is, a featured placement when its listing and
-- tier are. Older duplicates left by the former check-then-insert give way to the newest one first.
UPDATE "payments" p SET "status" = 'failed', "failure_reason" = 'Not completed: a new payment for the same thing was started.', "updated_at" = now()
WHERE p."status" = 'pending' AND p."user_id" IS NOT NULL AND (p."purpose" = 'subscription' OR p."business_id" IS NOT NULL)
  AND EXISTS (
    SELECT 1 FROM "payments" q
    WHERE q."status" = 'pending' AND q."user_id" = p."user_id" AND q."purpose" = p."purpose" AND q."plan_id" = p."plan_id"
      AND q."business_id" IS NOT DISTINCT FROM p."business_id"
      AND (q."created_at" > p."created_at" OR (q."created_at" = p."created_at" AND q."id" > p."id"))
  );--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_subscription_idx" ON "payments" USING btree ("user_id","plan_id") WHERE status = 'pending' and purpose = 'subscription';--> statement-breakpoint
-- business_id may become null (the listing deleted): nulls stay distinct, so deleting a listing never collides.
CREATE UNIQUE INDEX "payments_one_pending_featured_idx" ON "payments" USING btree ("user_id","business_id","plan_id") WHERE status = 'pending' and purpose = 'featured';
--> statement-breakpoint
-- Security finding 5: a change to an approved listing waits for review. The approved version stays in
-- businesses and business_images (what every public read uses); the change waits here, one per listing.
CREATE TABLE "business_revisions" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"submitted_by" text,
	"name" text NOT NULL,
	"description" text,
	"address" text,
	"plot_number" text,
	"phone_number" text,
	"website_url" text,
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_revisions_name_length_check" CHECK (char_length("business_revisions"."name") between 2 and 100),
	CONSTRAINT "business_revisions_images_check" CHECK (jsonb_typeof("business_revisions"."images") = 'array' and jsonb_array_length("business_revisions"."images") between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "business_revisions" ADD CONSTRAINT "business_revisions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_revisions" ADD CONSTRAINT "business_revisions_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_revisions_updated_idx" ON "business_revisions" USING btree ("updated_at" DESC NULLS LAST,"business_id");--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "change_rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "change_rejection_reason" text;
