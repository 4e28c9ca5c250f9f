import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./directory";

/**
 * The details of one item of a listing's price list (issue 37, migration 0051, ADR 42). The items themselves are the
 * listing's products (`businesses.products`: their names and the owner's order, reviewed as today); a row here adds
 * the item's group, price, short description and photo to the product of the same name. `description` is the approved text
 * the public reads; `pending_description` the owner's new text, waiting for an admin with the listing's change.
 */
export const listingPriceItems = pgTable(
  "listing_price_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    groupName: text("group_name"),
    description: text("description"),
    pendingDescription: text("pending_description"),
    priceKobo: bigint("price_kobo", { mode: "number" }),
    priceKind: text("price_kind"),
    /** The item's photo in bucket business-images (checked and re-encoded like a listing's), its size and its time (the URL's version). */
    imageKey: text("image_key"),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    imageAt: timestamp("image_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    unique("listing_price_items_business_name_unique").on(t.businessId, t.name),
    index("listing_price_items_pending_idx").on(t.businessId).where(sql`pending_description is not null`),
    check("listing_price_items_name_length_check", sql`char_length(${t.name}) between 1 and 80`),
    check("listing_price_items_group_length_check", sql`char_length(${t.groupName}) between 1 and 40`),
    check("listing_price_items_description_length_check", sql`char_length(${t.description}) between 1 and 200`),
    check("listing_price_items_pending_description_length_check", sql`char_length(${t.pendingDescription}) between 1 and 200`),
    check("listing_price_items_image_check", sql`(${t.imageKey} is null) = (${t.imageAt} is null)`),
    check(
      "listing_price_items_price_check",
      sql`(${t.priceKobo} is null and ${t.priceKind} is null) or (${t.priceKobo} between 0 and 100000000000 and ${t.priceKind} in ('exact', 'from'))`,
    ),
  ],
);
