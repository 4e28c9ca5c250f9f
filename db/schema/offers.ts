import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { businesses } from "./directory";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * An owner's offer on a listing (issue 37, migration 0050): a title, a text, an optional photo and code, from one
 * Nigerian date to another. `starts_at` and `ends_at` are those dates as instants (00:00 WAT of the first day, 00:00
 * WAT after the last), so public reads compare timestamps: an offer is public while approved and starts_at ≤ now <
 * ends_at. A new offer, and an edit of its words, code or photo, waits for an admin ('pending'); 'rejected' and
 * 'removed' (taken down) carry the admin's reason. An owner's withdrawal deletes the row (and its photo).
 */
export const businessOffers = pgTable(
  "business_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    code: text("code"),
    /** The photo's storage key in the business-images bucket (re-encoded WebP), or null. */
    imageKey: text("image_key"),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    status: text("status").notNull().default("pending"),
    /** Why it was rejected or taken down (the owner reads it). */
    reason: text("reason"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("business_offers_status_check", sql`${t.status} in ('pending', 'approved', 'rejected', 'removed')`),
    check("business_offers_title_check", sql`char_length(${t.title}) between 1 and 80`),
    check("business_offers_body_check", sql`char_length(${t.body}) between 1 and 500`),
    check("business_offers_code_check", sql`${t.code} is null or ${t.code} ~ '^[A-Z0-9]{3,20}$'`),
    check("business_offers_dates_check", sql`${t.endsOn} >= ${t.startsOn} and ${t.endsAt} > ${t.startsAt}`),
    check("business_offers_reason_check", sql`(${t.status} in ('rejected', 'removed')) = (${t.reason} is not null) and (${t.reason} is null or char_length(${t.reason}) <= 1000)`),
    // A listing's offers (its owner's screen, the business page, a card's line), newest first; deleting a listing.
    index("business_offers_business_idx").on(t.businessId, t.createdAt.desc()),
    // The home carousel: approved offers, the latest start first.
    index("business_offers_approved_starts_idx").on(t.startsAt.desc()).where(sql`status = 'approved'`),
    // The scheduled job that empties the page caches when an approved offer ends.
    index("business_offers_approved_ends_idx").on(t.endsAt).where(sql`status = 'approved'`),
    // The admin's list of offers waiting for review, oldest first.
    index("business_offers_pending_idx").on(t.createdAt, t.id).where(sql`status = 'pending'`),
  ],
);
