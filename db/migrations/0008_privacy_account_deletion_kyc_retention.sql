-- Privacy (Nigeria Data Protection Act 2023): account deletion and KYC document retention.
-- A deleted account keeps its "user" row, anonymised, rather than being deleted: messages (sender and visitor
-- are NOT NULL and ON DELETE CASCADE), payments and the append-only audit log all refer to it, and the law
-- and the other side of each conversation need them kept. deleted_at marks the account as gone: it has no
-- password, no sessions, and can never sign in again; its e-mail becomes a unique non-deliverable placeholder.
ALTER TABLE "user" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
-- When the ID document of a decided KYC submission was deleted (KYC_RETENTION_DAYS after the decision, or
-- when its owner deleted the account). The row keeps its status, decision, reviewer and dates.
ALTER TABLE "kyc_submissions" ADD COLUMN "document_purged_at" timestamp with time zone;
--> statement-breakpoint
-- The purge chore reads the decided submissions that still hold a document, oldest decision first.
CREATE INDEX "kyc_submissions_document_retention_idx" ON "kyc_submissions" USING btree ("reviewed_at") WHERE id_image_url is not null and status <> 'pending';
