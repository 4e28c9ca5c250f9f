-- The payments ledger (docs/decisions/0017-payments-ledger-and-receipts.md).
-- receipt_sent_at: the receipt e-mail of a succeeded payment is claimed with
-- UPDATE ... SET receipt_sent_at = now() WHERE receipt_sent_at IS NULL RETURNING, so it goes out once
-- however often (and from wherever) settling reports a success; a failed send clears it again.
ALTER TABLE "payments" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
-- The admin's payments view: every payment newest first, and the same filtered by status
-- (an owner's own payments use payments_user_created_idx; a reference is found by its unique index).
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at" DESC NULLS LAST,"id");
