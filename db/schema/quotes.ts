import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { businesses } from "./directory";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A visitor's request for quotes (issue 37, migration 0052, ADR 43): the job described once, its category and place,
 * when, and whether the chosen businesses may see the visitor's phone number. Sent to up to 5 businesses
 * (quote_recipients); 'accepted' when the visitor chose one answer, 'cancelled' when they withdrew it.
 */
export const quoteRequests = pgTable(
  "quote_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requesterId: text("requester_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    category: text("category").notNull(),
    state: text("state").notNull(),
    lga: text("lga"),
    timing: text("timing").notNull().default("flexible"),
    sharePhone: boolean("share_phone").notNull().default(false),
    status: text("status").notNull().default("open"),
    createdAt: ts("created_at").notNull().defaultNow(),
    closedAt: ts("closed_at"),
  },
  (t) => [
    check("quote_requests_status_check", sql`${t.status} in ('open', 'accepted', 'cancelled')`),
    check("quote_requests_timing_check", sql`${t.timing} in ('asap', 'this-week', 'this-month', 'flexible')`),
    check("quote_requests_description_length_check", sql`char_length(${t.description}) between 10 and 800`),
    index("quote_requests_requester_created_idx").on(t.requesterId, t.createdAt.desc()),
  ],
);

/**
 * One chosen business of a request: its owner's answer (a price in kobo and a message), or their decline. The
 * conversation (business, visitor) in business_messages carries the request as its first message.
 */
export const quoteRecipients = pgTable(
  "quote_recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id").notNull().references(() => quoteRequests.id, { onDelete: "cascade" }),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    ownerId: text("owner_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("new"),
    priceKobo: bigint("price_kobo", { mode: "number" }),
    answer: text("answer"),
    answeredAt: ts("answered_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("quote_recipients_status_check", sql`${t.status} in ('new', 'answered', 'declined', 'accepted', 'closed')`),
    check("quote_recipients_price_check", sql`${t.priceKobo} is null or ${t.priceKobo} between 1 and 100000000000`),
    check("quote_recipients_answer_length_check", sql`${t.answer} is null or char_length(${t.answer}) between 1 and 1000`),
    uniqueIndex("quote_recipients_request_business_idx").on(t.requestId, t.businessId),
    // The matching rule's 'received a request in the last 24 hours' (ADR 43), by listing.
    index("quote_recipients_business_created_idx").on(t.businessId, t.createdAt.desc()),
    // The owner's 'Quote requests' on the dashboard.
    index("quote_recipients_owner_created_idx").on(t.ownerId, t.createdAt.desc()),
  ],
);
