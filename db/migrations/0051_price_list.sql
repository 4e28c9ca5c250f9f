-- A listing's price list (issue 37, ADR 42): the details of the items its products name (group, price in kobo,
-- exact or 'from', a short description: the approved one and the owner's new one waiting for review; a photo).
CREATE TABLE "listing_price_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"group_name" text,
	"description" text,
	"pending_description" text,
	"price_kobo" bigint,
	"price_kind" text,
	"image_key" text,
	"image_width" integer,
	"image_height" integer,
	"image_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_price_items_business_name_unique" UNIQUE("business_id","name"),
	CONSTRAINT "listing_price_items_name_length_check" CHECK (char_length("listing_price_items"."name") between 1 and 80),
	CONSTRAINT "listing_price_items_group_length_check" CHECK (char_length("listing_price_items"."group_name") between 1 and 40),
	CONSTRAINT "listing_price_items_description_length_check" CHECK (char_length("listing_price_items"."description") between 1 and 200),
	CONSTRAINT "listing_price_items_pending_description_length_check" CHECK (char_length("listing_price_items"."pending_description") between 1 and 200),
	CONSTRAINT "listing_price_items_image_check" CHECK (("listing_price_items"."image_key" is null) = ("listing_price_items"."image_at" is null)),
	CONSTRAINT "listing_price_items_price_check" CHECK (("listing_price_items"."price_kobo" is null and "listing_price_items"."price_kind" is null) or ("listing_price_items"."price_kobo" between 0 and 100000000000 and "listing_price_items"."price_kind" in ('exact', 'from')))
);
--> statement-breakpoint
ALTER TABLE "listing_price_items" ADD CONSTRAINT "listing_price_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "listing_price_items_pending_idx" ON "listing_price_items" USING btree ("business_id") WHERE pending_description is not null;
--> statement-breakpoint
-- The business page shows the price list: a change empties the page caches (ADR 28), as closures and images do.
CREATE TRIGGER listing_price_items_public_pages AFTER INSERT OR UPDATE OR DELETE ON listing_price_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
