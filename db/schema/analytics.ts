import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { LISTING_EVENT_KINDS } from "../../app/lib/reference";
import { user } from "./auth";
import { businesses, inList } from "./directory";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const day = (name: string) => date(name, { mode: "string" });

/**
 * What people did with a listing (issue 18, ADR 25), kept 90 days: page views, search impressions, contact
 * actions (call, whatsapp, website, directions), conversations started, messages received and first replies.
 * Rows are written in batches (app/features/analytics/internal/event-buffer.server.ts): one row may stand for
 * several events of one kind in one batch (`count`). Nothing here says who did it.
 */
export const listingEvents = pgTable(
  "listing_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    occurredAt: ts("occurred_at").notNull(),
    count: integer("count").notNull().default(1),
    /** An impression from a text search: the words searched, normalised (lower case, single spaces). */
    words: text("words"),
    /** A first reply: seconds from the conversation's first message. */
    replySeconds: integer("reply_seconds"),
    /** Held back from owners' figures: part of a burst from one source (issue 38, counting.ts); never in the rollups. */
    held: boolean("held").notNull().default(false),
  },
  (t) => [
    check("listing_events_kind_check", sql`${t.kind} in (${inList(LISTING_EVENT_KINDS)})`),
    check("listing_events_count_check", sql`${t.count} > 0`),
    index("listing_events_occurred_idx").on(t.occurredAt),
    index("listing_events_business_idx").on(t.businessId, t.occurredAt),
    index("listing_events_held_idx").on(t.occurredAt).where(sql`held`),
  ],
);

/**
 * The visitors counted per listing, kind and 30-minute window (issue 38, app/features/analytics/counting.ts): the
 * current and the previous window only. `visitor` and `source` are keyed hashes that rotate daily. Unlogged
 * (migration 0053): lost in a crash, a visitor is counted again at most once.
 */
export const countedVisits = pgTable(
  "counted_visits",
  {
    bucket: integer("bucket").notNull(),
    businessId: uuid("business_id").notNull(),
    kind: text("kind").notNull(),
    visitor: text("visitor").notNull(),
    source: text("source").notNull(),
  },
  (t) => [
    primaryKey({ name: "counted_visits_pk", columns: [t.bucket, t.businessId, t.kind, t.visitor] }),
    index("counted_visits_source_idx").on(t.bucket, t.source, t.businessId, t.kind),
  ],
);

/** The prefetch's view reports' tokens already used (each counts once; ADR 29, issue 38). Unlogged. */
export const spentCountTokens = pgTable("spent_count_tokens", {
  nonce: text("nonce").primaryKey(),
  expiresAt: ts("expires_at").notNull(),
});

/**
 * A listing's figures per day in Africa/Lagos time, kept with the events' batch (same statement). Dashboards
 * read only these. `reply_seconds` holds each first reply of the day, for the median reply time.
 */
export const listingDailyStats = pgTable(
  "listing_daily_stats",
  {
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    day: day("day").notNull(),
    views: integer("views").notNull().default(0),
    impressions: integer("impressions").notNull().default(0),
    calls: integer("calls").notNull().default(0),
    whatsapp: integer("whatsapp").notNull().default(0),
    website: integer("website").notNull().default(0),
    directions: integer("directions").notNull().default(0),
    conversations: integer("conversations").notNull().default(0),
    messages: integer("messages").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    // Quote requests the listing received (issue 37, migration 0052).
    quotes: integer("quotes").notNull().default(0),
    replySeconds: integer("reply_seconds").array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    primaryKey({ name: "listing_daily_stats_pk", columns: [t.businessId, t.day] }),
    // The day's listings with a call or a WhatsApp tap, for the owners' daily lead digest (migration 0040).
    index("listing_daily_stats_leads_idx").on(t.day).where(sql`calls > 0 or whatsapp > 0`),
  ],
);

/** The owners whose daily lead digest was enqueued, one row per owner and WAT day (issue 33, migration 0040). */
export const leadDigests = pgTable(
  "lead_digests",
  {
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    day: day("day").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "lead_digests_pk", columns: [t.userId, t.day] })],
);

/** How often a listing was shown for each search text, per WAT day (Premium's 'top search words'). */
export const listingSearchWords = pgTable(
  "listing_search_words",
  {
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    day: day("day").notNull(),
    words: text("words").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "listing_search_words_pk", columns: [t.businessId, t.day, t.words] }),
    // The purge of days older than 90 (nothing reads them).
    index("listing_search_words_day_idx").on(t.day),
  ],
);

/** The admin overview's figures per WAT day, recomputed for recent days by a scheduled job. */
export const siteDailyStats = pgTable("site_daily_stats", {
  day: day("day").primaryKey(),
  signups: integer("signups").notNull().default(0),
  listings: integer("listings").notNull().default(0),
  messages: integer("messages").notNull().default(0),
  payments: integer("payments").notNull().default(0),
  revenueKobo: bigint("revenue_kobo", { mode: "number" }).notNull().default(0),
  computedAt: ts("computed_at").notNull().defaultNow(),
});

/** Weekly summary e-mails: one row per owner and week (Monday, WAT), claimed before the e-mail goes. */
export const weeklySummaries = pgTable(
  "weekly_summaries",
  {
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    weekStart: day("week_start").notNull(),
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "weekly_summaries_pk", columns: [t.userId, t.weekStart] }), index("weekly_summaries_week_idx").on(t.weekStart)],
);

/** Whether an owner wants the weekly summary (one-click unsubscribe sets it false). One row per account that chose. */
export const emailPreferences = pgTable("email_preferences", {
  userId: text("user_id").primaryKey().references(() => user.id, { onDelete: "cascade" }),
  weeklySummary: boolean("weekly_summary").notNull().default(true),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * How far the weekly summary run got through the owners for one week (Monday, WAT): owners are walked in
 * user id order after `after_user_id`, a bounded number a run, and the week is `finished_at` once all were seen.
 */
export const weeklySummaryProgress = pgTable("weekly_summary_progress", {
  weekStart: day("week_start").primaryKey(),
  afterUserId: text("after_user_id").notNull().default(""),
  finishedAt: ts("finished_at"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * The home page's 'Popular This Week' (issue 37): per category, searches naming it and contact taps on its listings
 * in the last 7 WAT days, the whole table replaced by the scheduled job 'popular-services'. Public figures: counts
 * by category only, never a search text.
 */
export const popularServices = pgTable("popular_services", {
  category: text("category").primaryKey(),
  searches: integer("searches").notNull().default(0),
  contacts: integer("contacts").notNull().default(0),
  computedAt: ts("computed_at").notNull().defaultNow(),
});
