-- The admin overview (issue 18): each WAT day's sign-ups, new listings and succeeded payments are counted by a
-- range scan on these (business_messages_created_idx serves the messages already).
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "businesses_created_idx" ON "businesses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_succeeded_confirmed_idx" ON "payments" USING btree ("confirmed_at") WHERE status = 'succeeded';
