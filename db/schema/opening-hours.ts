import { sql } from "drizzle-orm";
import { check, date, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./directory";

/**
 * A day a listing is closed whatever its weekly hours (a public holiday, travel): the whole WAT calendar day,
 * with an optional note the page shows (migration 0016, ADR 21). Past days are left in place and ignored.
 */
export const businessClosures = pgTable(
  "business_closures",
  {
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    closedOn: date("closed_on", { mode: "string" }).notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.closedOn] }), check("business_closures_note_length_check", sql`char_length(${t.note}) <= 80`)],
);
