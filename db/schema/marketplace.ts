import { sql } from "drizzle-orm";
import {
  bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid,
} from "drizzle-orm/pg-core";
import {
  FEATURED_REQUEST_STATUSES, FEEDBACK_STATUSES, NOTIFICATION_AUDIENCES, NOTIFICATION_KINDS,
  DELIVERY_CHANNELS, NOTIFICATION_PRIORITIES, PAYMENT_PURPOSES, PAYMENT_STATUSES, PLAN_IDS, PRICING_TIERS, REFUND_STATUSES, RENEWAL_REMINDER_DAYS,
  RENEWAL_REMINDER_KINDS, SENDER_TYPES,
  SUBSCRIPTION_STATUSES,
} from "../../app/lib/reference";
import { user } from "./auth";
import { businesses, inList } from "./directory";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** What the spec calls business_messages. A conversation is (business_id, visitor_id). */
export const businessMessages = pgTable(
  "business_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // SET NULL: deleting a listing keeps the conversation readable ('Unknown Business').
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "set null" }),
    senderId: text("sender_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    recipientId: text("recipient_id").references(() => user.id, { onDelete: "set null" }),
    /** The visitor side of the conversation, so a reply goes to that visitor (decisions page). */
    visitorId: text("visitor_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    senderType: text("sender_type").notNull(),
    readStatus: boolean("read_status").notNull().default(false),
    idempotencyKey: text("idempotency_key"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("business_messages_sender_type_check", sql`${t.senderType} in (${inList(SENDER_TYPES)})`),
    check("business_messages_length_check", sql`char_length(${t.message}) between 1 and 1000`),
    uniqueIndex("business_messages_idempotency_idx").on(t.senderId, t.idempotencyKey),
    index("business_messages_conversation_idx").on(t.businessId, t.visitorId, t.createdAt),
    index("business_messages_business_created_idx").on(t.businessId, t.createdAt.desc()),
    index("business_messages_visitor_created_idx").on(t.visitorId, t.createdAt.desc()),
    index("business_messages_sender_created_idx").on(t.senderId, t.createdAt.desc()),
    index("business_messages_unread_idx").on(t.recipientId).where(sql`not read_status`),
    index("business_messages_created_idx").on(t.createdAt.desc()),
    // 'Verified contact' on a review: the business answered this visitor (migration 0013).
    index("business_messages_answered_idx").on(t.businessId, t.visitorId).where(sql`sender_type = 'business'`),
  ],
);

export const featuredRequests = pgTable(
  "featured_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    pricingTier: text("pricing_tier").notNull().default("basic"),
    status: text("status").notNull().default("pending"),
    startDate: ts("start_date"),
    endDate: ts("end_date"),
    paymentReference: text("payment_reference").unique(),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("featured_requests_status_check", sql`${t.status} in (${inList(FEATURED_REQUEST_STATUSES)})`),
    check("featured_requests_tier_check", sql`${t.pricingTier} in (${inList(PRICING_TIERS)})`),
    uniqueIndex("featured_requests_one_pending_idx").on(t.businessId).where(sql`status = 'pending'`),
    index("featured_requests_created_idx").on(t.createdAt.desc(), t.id),
  ],
);

export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    status: text("status").notNull().default("new"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("feedback_status_check", sql`${t.status} in (${inList(FEEDBACK_STATUSES)})`),
    check("feedback_message_check", sql`char_length(btrim(${t.message})) > 0`),
    index("feedback_created_idx").on(t.createdAt.desc(), t.id),
  ],
);

/** What an admin sent from the Notifications tab; one row per send. */
export const notificationBroadcasts = pgTable(
  "notification_broadcasts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    targetAudience: text("target_audience").notNull(),
    priority: text("priority").notNull().default("medium"),
    sentBy: text("sent_by").references(() => user.id, { onDelete: "set null" }),
    recipientCount: integer("recipient_count").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("notification_broadcasts_audience_check", sql`${t.targetAudience} in (${inList(NOTIFICATION_AUDIENCES)})`),
    check("notification_broadcasts_priority_check", sql`${t.priority} in (${inList(NOTIFICATION_PRIORITIES)})`),
    check("notification_broadcasts_text_check", sql`char_length(btrim(${t.title})) > 0 and char_length(btrim(${t.message})) > 0`),
    index("notification_broadcasts_created_idx").on(t.createdAt.desc()),
  ],
);

/** Delivered in-app notifications, one per recipient: admin broadcasts and message alerts. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    broadcastId: uuid("broadcast_id").references(() => notificationBroadcasts.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").references(() => businessMessages.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    priority: text("priority").notNull().default("medium"),
    readAt: ts("read_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("notifications_kind_check", sql`${t.kind} in (${inList(NOTIFICATION_KINDS)})`),
    check("notifications_priority_check", sql`${t.priority} in (${inList(NOTIFICATION_PRIORITIES)})`),
    check(
      "notifications_source_check",
      sql`(${t.kind} = 'broadcast' and ${t.broadcastId} is not null) or (${t.kind} = 'message' and ${t.messageId} is not null) or (${t.kind} = 'account' and ${t.broadcastId} is null and ${t.messageId} is null)`,
    ),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_user_unread_idx").on(t.userId).where(sql`read_at is null`),
  ],
);

/** Every payment attempt, recorded before the provider is called. Amounts in kobo. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    purpose: text("purpose").notNull(),
    planId: text("plan_id").notNull(),
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "set null" }),
    amountKobo: integer("amount_kobo").notNull(),
    currency: text("currency").notNull().default("NGN"),
    provider: text("provider").notNull(),
    reference: text("reference").notNull().unique(),
    status: text("status").notNull().default("pending"),
    failureReason: text("failure_reason"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    confirmedAt: ts("confirmed_at"),
    /** When the receipt e-mail was claimed (sent once: app/features/payments/send-payment-receipt.server.ts). */
    receiptSentAt: ts("receipt_sent_at"),
    // A rejected paid featured request's money going back (migration 0011, ADR 16): due → requesting →
    // pending | refunded; the reason the owner was told.
    refundStatus: text("refund_status"),
    refundReason: text("refund_reason"),
    refundRequestedAt: ts("refund_requested_at"),
    refundedAt: ts("refunded_at"),
  },
  (t) => [
    check("payments_status_check", sql`${t.status} in (${inList(PAYMENT_STATUSES)})`),
    check("payments_purpose_check", sql`${t.purpose} in (${inList(PAYMENT_PURPOSES)})`),
    check("payments_amount_check", sql`${t.amountKobo} >= 0`),
    check("payments_currency_check", sql`${t.currency} = 'NGN'`),
    check(
      "payments_refund_status_check",
      sql`${t.refundStatus} is null or (${t.refundStatus} in (${inList(REFUND_STATUSES)}) and ${t.status} = 'succeeded')`,
    ),
    index("payments_refund_open_idx").on(t.refundRequestedAt).where(sql`refund_status in ('due', 'requesting', 'pending')`),
    index("payments_user_created_idx").on(t.userId, t.createdAt.desc()),
    // The close-stale-payments job reads the oldest pending payments (migration 0010).
    index("payments_pending_created_idx").on(t.createdAt).where(sql`status = 'pending'`),
    // The admin's payments view (newest first, by status): migration 0012.
    index("payments_created_idx").on(t.createdAt.desc(), t.id),
    index("payments_status_created_idx").on(t.status, t.createdAt.desc(), t.id),
    // The admin overview: each day's succeeded payments by when they were confirmed (migration 0023).
    index("payments_succeeded_confirmed_idx").on(t.confirmedAt).where(sql`status = 'succeeded'`),
    // One payment in flight per account and thing bought (start-payment.server.ts): a double submit records one.
    uniqueIndex("payments_one_pending_subscription_idx").on(t.userId, t.planId).where(sql`status = 'pending' and purpose = 'subscription'`),
    uniqueIndex("payments_one_pending_featured_idx")
      .on(t.userId, t.businessId, t.planId)
      .where(sql`status = 'pending' and purpose = 'featured'`),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    status: text("status").notNull().default("active"),
    startsAt: ts("starts_at").notNull().defaultNow(),
    endsAt: ts("ends_at"),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("subscriptions_plan_check", sql`${t.planId} in (${inList(PLAN_IDS)})`),
    check("subscriptions_status_check", sql`${t.status} in (${inList(SUBSCRIPTION_STATUSES)})`),
    check("subscriptions_period_check", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    uniqueIndex("subscriptions_payment_idx").on(t.paymentId),
    index("subscriptions_active_ends_idx").on(t.endsAt).where(sql`status = 'active' and plan_id <> 'free'`),
    index("subscriptions_user_ends_idx").on(t.userId, t.endsAt.desc()),
  ],
);

/**
 * Append-only record of every admin action and every KYC document view.
 * No foreign keys on purpose: a cascade would be an update. A trigger refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_actor_idx").on(t.actorId, t.createdAt.desc()),
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt.desc()),
    index("audit_log_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * The development outbox (/dev/mailbox): e-mail kept when no SMTP_URL is set, and SMS and WhatsApp messages when
 * no provider is (`channel`; `to` is then a number in E.164, the subject empty and `html` the text escaped).
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").notNull().default("email"),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("email_outbox_created_idx").on(t.createdAt.desc()),
    check("email_outbox_channel_check", sql`${t.channel} in (${inList(DELIVERY_CHANNELS)})`),
  ],
);

/** Fixed-window counters shared by every server process (message limit, sign-in limits). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: ts("window_start").notNull().defaultNow(),
});

/**
 * Per user and conversation (business + visitor): when they last saw it, and when the owner was last
 * e-mailed about it (at most one e-mail per conversation per 15 minutes).
 */
export const conversationStates = pgTable(
  "conversation_states",
  {
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    lastSeenAt: ts("last_seen_at"),
    lastEmailedAt: ts("last_emailed_at"),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.visitorId, t.userId] })],
);

/**
 * Blocks in a conversation (business + visitor), one row per side that blocked: 'visitor' (the visitor blocked the
 * business) or 'business' (its owner blocked the visitor). While a row exists nothing is sent in it (ADR 0020).
 */
export const conversationBlocks = pgTable(
  "conversation_blocks",
  {
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    blockedBy: text("blocked_by").notNull().$type<"visitor" | "business">(),
    blockerId: text("blocker_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.visitorId, t.blockedBy] }),
    check("conversation_blocks_blocked_by_check", sql`${t.blockedBy} in ('visitor', 'business')`),
  ],
);

/**
 * Events pushed to browsers over /events, one row per recipient, kept for resuming with Last-Event-ID.
 * Old rows are pruned; payloads carry only what the recipient may read.
 */
export const realtimeEvents = pgTable(
  "realtime_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** null: for everyone (directory changes). */
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("realtime_events_user_idx").on(t.userId, t.id), index("realtime_events_created_idx").on(t.createdAt)],
);

/**
 * Renewal reminders sent (migration 0011, ADR 16): one row per (thing, its end, days before), claimed before
 * the e-mail goes, so each is sent once across processes and retries. 'subscription': subject_id is the
 * account; 'featured': the listing.
 */
export const renewalReminders = pgTable(
  "renewal_reminders",
  {
    kind: text("kind").notNull(),
    subjectId: text("subject_id").notNull(),
    endsAt: ts("ends_at").notNull(),
    daysBefore: integer("days_before").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "renewal_reminders_pk", columns: [t.kind, t.subjectId, t.endsAt, t.daysBefore] }),
    check("renewal_reminders_kind_check", sql`${t.kind} in (${inList(RENEWAL_REMINDER_KINDS)})`),
    check("renewal_reminders_days_check", sql`${t.daysBefore} in (${sql.raw(RENEWAL_REMINDER_DAYS.join(", "))})`),
    index("renewal_reminders_user_idx").on(t.userId),
  ],
);

/** Reviews of a listing, one per author (migration 0013, ADR 18). 'held' and 'hidden' are neither public nor counted. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    authorId: text("author_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    stars: smallint("stars").notNull(),
    body: text("body").notNull(),
    status: text("status").notNull().default("published"),
    helpfulCount: integer("helpful_count").notNull().default(0),
    /** The owner's one public reply, editable. */
    reply: text("reply"),
    repliedAt: ts("replied_at"),
    replyUpdatedAt: ts("reply_updated_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("reviews_stars_check", sql`${t.stars} between 1 and 5`),
    check("reviews_body_check", sql`char_length(${t.body}) between 10 and 2000`),
    check("reviews_status_check", sql`${t.status} in ('published', 'held', 'hidden')`),
    check("reviews_helpful_count_check", sql`${t.helpfulCount} >= 0`),
    check("reviews_reply_check", sql`${t.reply} is null or char_length(${t.reply}) between 1 and 2000`),
    uniqueIndex("reviews_one_per_author_idx").on(t.businessId, t.authorId),
    index("reviews_business_newest_idx").on(t.businessId, t.createdAt.desc(), t.id).where(sql`status = 'published'`),
    index("reviews_business_helpful_idx").on(t.businessId, t.helpfulCount.desc(), t.createdAt.desc(), t.id).where(sql`status = 'published'`),
    index("reviews_author_created_idx").on(t.authorId, t.createdAt.desc()),
    index("reviews_held_idx").on(t.createdAt.desc()).where(sql`status = 'held'`),
  ],
);

/** 'Helpful' votes: one per user per review. */
export const reviewHelpfulVotes = pgTable(
  "review_helpful_votes",
  {
    reviewId: uuid("review_id").notNull().references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index("review_helpful_votes_user_idx").on(t.userId)],
);
