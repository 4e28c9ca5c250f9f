-- The close-stale-payments job (app/features/payments/close-stale-payments.server.ts) reads the oldest
-- pending payments every ten minutes: a partial index keeps that read to the few rows still pending.
CREATE INDEX "payments_pending_created_idx" ON "payments" USING btree ("created_at") WHERE status = 'pending';
