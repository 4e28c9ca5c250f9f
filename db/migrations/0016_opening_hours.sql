-- Issue 17, opening hours and 'open now' (ADR 21). A listing's weekly hours as the owner set them (jsonb, null
-- when not listed), and the same hours as WAT minutes of the week (Monday 00:00 = 0 … 10080; ranges past
-- midnight run into the next day, past Sunday midnight into Monday, split in two), which is what the 'Open now'
-- filter tests and indexes: open_minutes @> the minute now. Nigeria has no daylight saving, so this is exact.
-- Both are written together by the use case; the check keeps them listed or unlisted together.
ALTER TABLE "businesses" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "open_minutes" int4multirange;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_opening_hours_check" CHECK (("opening_hours" is null) = ("open_minutes" is null) and ("opening_hours" is null or jsonb_typeof("opening_hours") = 'array'));--> statement-breakpoint
-- Public listings open at a minute, found through the ranges (sparse at night: only 24-hour places).
CREATE INDEX "businesses_public_open_idx" ON "businesses" USING gist ("open_minutes") WHERE approved and approval_status = 'approved' and not owner_suspended and user_id is not null;--> statement-breakpoint
-- Dated closures (public holidays, travel): the listing is closed that whole WAT calendar day, with a note.
CREATE TABLE "business_closures" (
	"business_id" uuid NOT NULL,
	"closed_on" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_closures_business_id_closed_on_pk" PRIMARY KEY("business_id","closed_on"),
	CONSTRAINT "business_closures_note_length_check" CHECK (char_length("note") <= 80)
);
--> statement-breakpoint
ALTER TABLE "business_closures" ADD CONSTRAINT "business_closures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
