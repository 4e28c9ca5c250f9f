import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { REPORT_KINDS, REPORT_REASONS, REPORT_STATUSES } from "../../app/lib/reference";
import { user } from "./auth";
import { inList } from "./directory";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A signed-in user's report of a listing, a review or a message (issue 16; ADR 19). item_id points at the
 * item of its kind (no foreign key: three tables; a report outlives its item). One OPEN report per reporter
 * and item (partial unique index); an admin's decision closes every open report of the item at once.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: text("reporter_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    itemKind: text("item_kind").notNull(),
    itemId: uuid("item_id").notNull(),
    reason: text("reason").notNull(),
    details: text("details"),
    status: text("status").notNull().default("open"),
    /** What the admin did ('dismissed', 'unpublished', 'suspended', 'hidden', 'withdrawn' for an offer), set with status. */
    outcome: text("outcome"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("reports_item_kind_check", sql`${t.itemKind} in (${inList(REPORT_KINDS)})`),
    check("reports_reason_check", sql`${t.reason} in (${inList(REPORT_REASONS)})`),
    check("reports_status_check", sql`${t.status} in (${inList(REPORT_STATUSES)})`),
    check("reports_details_length_check", sql`${t.details} is null or char_length(${t.details}) <= 1000`),
    check("reports_decided_check", sql`(${t.status} = 'open') = (${t.decidedAt} is null)`),
    uniqueIndex("reports_one_open_per_reporter_idx").on(t.reporterId, t.itemKind, t.itemId).where(sql`status = 'open'`),
    index("reports_open_item_idx").on(t.itemKind, t.itemId, t.createdAt.desc()).where(sql`status = 'open'`),
    index("reports_open_created_idx").on(t.createdAt.desc()).where(sql`status = 'open'`),
  ],
);
