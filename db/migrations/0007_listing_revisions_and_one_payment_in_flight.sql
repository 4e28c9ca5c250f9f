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
