-- WhatsApp messages (issue 33, ADR 36): each one sent, its statuses from the webhook, and each number's 24-hour
-- customer service window; the queue they are sent by.
CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wamid" text NOT NULL,
	"to" text NOT NULL,
	"template" text,
	"category" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_wamid_unique" UNIQUE("wamid"),
	CONSTRAINT "whatsapp_messages_status_check" CHECK ("whatsapp_messages"."status" in ('sent', 'delivered', 'read', 'failed')),
	CONSTRAINT "whatsapp_messages_category_check" CHECK ("whatsapp_messages"."category" in ('utility', 'authentication', 'service'))
);
--> statement-breakpoint
CREATE INDEX "whatsapp_messages_created_idx" ON "whatsapp_messages" USING btree ("created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE TABLE "whatsapp_windows" (
	"number" text PRIMARY KEY NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
SELECT pgboss.create_queue('whatsapp', '{"policy": "standard", "retryLimit": 8, "retryDelay": 10, "retryBackoff": true}');
