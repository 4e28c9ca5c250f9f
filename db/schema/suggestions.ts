import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SUGGESTION_KINDS, SUGGESTION_OUTCOMES, SUGGESTION_STATUSES } from "../../app/lib/reference";
import { user } from "./auth";
import { businesses, inList } from "./directory";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A signed-in person's suggestion (issue 34, migration 0044): a business missing from the directory (`business_id`
 * null), or a change to a public listing ('edit' of some fields, 'closed', 'moved'). `payload` holds only the suggested
 * fields, as the form checked them (app/features/suggestions/suggestion.schemas.ts); the admin's approval checks them
 * again. One PENDING suggestion per person and listing (partial unique index). A listing added from a missing business
 * is a `businesses` row with source 'suggestion' and source_id this row's id (`created_business_id` points back).
 */
export const listingSuggestions = pgTable(
  "listing_suggestions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    // The listing a change is about (null for a missing business, or once the listing was deleted).
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    note: text("note"),
    status: text("status").notNull().default("pending"),
    /** What an approval did ('added', 'applied', 'sent-to-owner', 'hidden'); null while pending and when rejected. */
    outcome: text("outcome"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
    /** Why it was rejected (the suggester reads it). */
    reason: text("reason"),
    createdBusinessId: uuid("created_business_id").references(() => businesses.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("listing_suggestions_kind_check", sql`${t.kind} in (${inList(SUGGESTION_KINDS)})`),
    check("listing_suggestions_status_check", sql`${t.status} in (${inList(SUGGESTION_STATUSES)})`),
    check("listing_suggestions_outcome_check", sql`${t.outcome} is null or ${t.outcome} in (${inList(SUGGESTION_OUTCOMES)})`),
    check("listing_suggestions_missing_check", sql`${t.kind} <> 'missing' or ${t.businessId} is null`),
    check("listing_suggestions_payload_check", sql`jsonb_typeof(${t.payload}) = 'object' and octet_length(${t.payload}::text) <= 8000`),
    check("listing_suggestions_note_length_check", sql`${t.note} is null or char_length(${t.note}) <= 500`),
    check("listing_suggestions_reason_check", sql`(${t.status} = 'rejected') = (${t.reason} is not null) and (${t.reason} is null or char_length(${t.reason}) <= 1000)`),
    check("listing_suggestions_decided_check", sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} = 'approved') = (${t.outcome} is not null)`),
    // The admin's Suggestions tab: pending ones, oldest first.
    index("listing_suggestions_pending_idx").on(t.createdAt, t.id).where(sql`status = 'pending'`),
    // One pending suggestion per person and listing.
    uniqueIndex("listing_suggestions_one_pending_idx").on(t.userId, t.businessId).where(sql`status = 'pending' and business_id is not null`),
    // The person's own list, their data export and account deletion.
    index("listing_suggestions_user_idx").on(t.userId, t.createdAt.desc()),
    // A listing deleted sets these null (foreign keys), read by listing.
    index("listing_suggestions_business_idx").on(t.businessId).where(sql`business_id is not null`),
    index("listing_suggestions_created_business_idx").on(t.createdBusinessId).where(sql`created_business_id is not null`),
  ],
);
