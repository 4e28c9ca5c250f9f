import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { inList } from "./directory";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** What WhatsApp says of a message, in the order it can only move forward (ADR 36); 'failed' ends it. */
export const WHATSAPP_STATUSES = ["sent", "delivered", "read", "failed"] as const;
/** What Meta bills a message as: a template ('utility', 'authentication') or a reply in the 24-hour window ('service', free). */
export const WHATSAPP_CATEGORIES = ["utility", "authentication", "service"] as const;

/**
 * Each WhatsApp message we sent (issue 33, ADR 36): its id at WhatsApp (`wamid`), what it is billed as, and the
 * delivery and read statuses the webhook reports. A retried event changes nothing: a status only moves forward.
 */
export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    wamid: text("wamid").notNull().unique(),
    to: text("to").notNull(),
    template: text("template"),
    category: text("category").notNull(),
    status: text("status").notNull().default("sent"),
    error: text("error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    statusAt: ts("status_at").notNull().defaultNow(),
  },
  (t) => [
    index("whatsapp_messages_created_idx").on(t.createdAt.desc()),
    check("whatsapp_messages_status_check", sql`${t.status} in (${inList(WHATSAPP_STATUSES)})`),
    check("whatsapp_messages_category_check", sql`${t.category} in (${inList(WHATSAPP_CATEGORIES)})`),
  ],
);

/**
 * When each number last wrote to our WhatsApp number (from the webhook): for 24 hours after, a reply is free and
 * needs no template (the customer service window).
 */
export const whatsappWindows = pgTable("whatsapp_windows", {
  number: text("number").primaryKey(),
  lastInboundAt: ts("last_inbound_at").notNull(),
});

/**
 * How each person wants to hear of what concerns them (issue 33): the channels (e-mail, SMS, WhatsApp; texts need a
 * verified number), the quiet hours in Nigerian time (texts wait until they end) and the most texts a day. No row:
 * e-mail only, quiet 21:00–07:00, 10 texts a day.
 */
export const noticePreferences = pgTable(
  "notice_preferences",
  {
    userId: text("user_id").primaryKey().references(() => user.id, { onDelete: "cascade" }),
    channels: text("channels").array().notNull().default(sql`'{email}'::text[]`),
    quietFrom: smallint("quiet_from").notNull().default(21),
    quietUntil: smallint("quiet_until").notNull().default(7),
    dailyTextCap: smallint("daily_text_cap").notNull().default(10),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("notice_preferences_channels_check", sql`${t.channels} <@ array['email', 'sms', 'whatsapp']::text[]`),
    check("notice_preferences_quiet_check", sql`${t.quietFrom} between 0 and 23 and ${t.quietUntil} between 0 and 23`),
    check("notice_preferences_cap_check", sql`${t.dailyTextCap} between 1 and 50`),
  ],
);
