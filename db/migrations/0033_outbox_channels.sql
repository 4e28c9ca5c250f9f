-- The development outbox keeps SMS and WhatsApp messages too (issue 33): each entry's channel.
ALTER TABLE "email_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_channel_check" CHECK ("email_outbox"."channel" in ('email', 'sms', 'whatsapp'));
--> statement-breakpoint
-- SMS messages as jobs: enqueued in the transaction of the change that causes them, retried 8 times over about
-- 40 minutes, then kept as 'failed' (ADR 35).
SELECT pgboss.create_queue('sms', '{"policy": "standard", "retryLimit": 8, "retryDelay": 10, "retryBackoff": true}');
