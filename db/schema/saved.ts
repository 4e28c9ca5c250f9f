import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { businesses } from "./directory";

/**
 * A signed-in user's saved businesses (issue 20; ADR 30): one row per user and listing, listed newest first
 * by `saved_businesses_user_created_idx`. Either side deleted takes the row with it.
 */
export const savedBusinesses = pgTable(
  "saved_businesses",
  {
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.businessId] }),
    index("saved_businesses_user_created_idx").on(t.userId, t.createdAt.desc(), t.businessId),
    index("saved_businesses_business_idx").on(t.businessId),
  ],
);
