-- Issue 16, safer conversations: one side of a conversation (a business and one visitor) blocks the other.
-- A row per side that blocked: 'visitor' (the visitor blocked the business) or 'business' (the business's owner
-- blocked the visitor). While any row exists for the conversation no message is stored in it. History stays.
CREATE TABLE "conversation_blocks" (
	"business_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"blocked_by" text NOT NULL,
	"blocker_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_blocks_business_id_visitor_id_blocked_by_pk" PRIMARY KEY("business_id","visitor_id","blocked_by"),
	CONSTRAINT "conversation_blocks_blocked_by_check" CHECK ("blocked_by" in ('visitor', 'business'))
);
--> statement-breakpoint
ALTER TABLE "conversation_blocks" ADD CONSTRAINT "conversation_blocks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_blocks" ADD CONSTRAINT "conversation_blocks_visitor_id_user_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_blocks" ADD CONSTRAINT "conversation_blocks_blocker_id_user_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
