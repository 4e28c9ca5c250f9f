import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { inList } from "./directory";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * What a phone code proves (issue 33): that the person holds the number, to add it to their account
 * ('verify-phone', bound to the account), to sign in or up with it ('sign-in', bound to no account), or to claim the
 * imported listing whose number it is ('claim-listing', bound to the claiming account; issue 34, migration 0042), or to
 * verify an owner's listing's number ('listing-phone', bound to the owner; issue 35, migration 0047).
 */
export const PHONE_CODE_PURPOSES = ["verify-phone", "sign-in", "claim-listing", "listing-phone"] as const;

/**
 * One-time codes sent by SMS (issue 33, app/features/accounts/internal/phone-codes.server.ts): never the code itself, only its
 * HMAC with the server's secret; valid 10 minutes, 5 tries, one use. Rows older than a day are deleted by the scheduler.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    phone: text("phone").notNull(),
    purpose: text("purpose").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [
    check("phone_codes_purpose_check", sql`${t.purpose} in (${inList(PHONE_CODE_PURPOSES)})`),
    index("phone_codes_phone_idx").on(t.phone, t.createdAt.desc()),
  ],
);
