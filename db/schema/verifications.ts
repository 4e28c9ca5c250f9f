import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { businesses, inList } from "./directory";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The levels of the verification ladder (issue 35, ADR 39), lowest first. */
export const VERIFICATION_LEVELS = ["phone", "identity", "business"] as const;
/** How a level was reached: a code to the listing's phone (SMS or read out), a virtual NIN lookup, an admin's review of a photo ID, a CAC lookup. */
export const VERIFICATION_METHODS = ["sms-code", "voice-code", "vnin", "document", "cac-lookup"] as const;

/**
 * What a listing has proven, each dated (issue 35, ADR 39, migration 0045). 'phone' and 'business' belong to a listing;
 * 'identity' to its owner (business_id null) and shows on every listing they own. Never a NIN: the provider's
 * reference, the match result and the virtual NIN's last 4 characters. A row ends (ended_at, end_reason) when what it
 * rests on changes, an admin revokes it or it expires; ended rows are kept (the owner's history, the audit).
 */
export const listingVerifications = pgTable(
  "listing_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    level: text("level").notNull(),
    method: text("method").notNull(),
    /** The owner who reached it (an identity's person; a listing level's owner at the time). */
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    /** 'phone': the number that answered the code (E.164). */
    phone: text("phone"),
    /** 'identity': the KYC name the record matched. */
    fullName: text("full_name"),
    /** 'identity' by virtual NIN: its last 4 characters, never the rest. */
    idLast4: text("id_last4"),
    /** 'business': the CAC number (digits), the name and type CAC has on record. */
    rcNumber: text("rc_number"),
    registeredName: text("registered_name"),
    companyType: text("company_type"),
    provider: text("provider"),
    providerReference: text("provider_reference"),
    /** What the provider answered about the match (field matches, status): no personal data. */
    matchResult: jsonb("match_result").$type<Record<string, unknown>>(),
    verifiedAt: ts("verified_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    endedAt: ts("ended_at"),
    endReason: text("end_reason"),
    endedBy: text("ended_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check("listing_verifications_level_check", sql`${t.level} in (${inList(VERIFICATION_LEVELS)})`),
    check("listing_verifications_method_check", sql`${t.method} in (${inList(VERIFICATION_METHODS)})`),
    check(
      "listing_verifications_shape_check",
      sql`(${t.level} = 'phone' and ${t.businessId} is not null and ${t.phone} is not null) or (${t.level} = 'identity' and ${t.businessId} is null and ${t.fullName} is not null) or (${t.level} = 'business' and ${t.businessId} is not null and ${t.rcNumber} is not null and ${t.registeredName} is not null)`,
    ),
    check("listing_verifications_last4_check", sql`${t.idLast4} is null or ${t.idLast4} ~ '^[A-Z0-9]{4}$'`),
    check("listing_verifications_ended_check", sql`(${t.endedAt} is null) = (${t.endReason} is null)`),
    check("listing_verifications_reason_check", sql`${t.endReason} is null or char_length(${t.endReason}) between 1 and 500`),
    uniqueIndex("listing_verifications_one_listing_idx").on(t.businessId, t.level).where(sql`ended_at is null and business_id is not null`),
    uniqueIndex("listing_verifications_one_identity_idx").on(t.userId).where(sql`ended_at is null and level = 'identity'`),
    index("listing_verifications_user_idx").on(t.userId, t.verifiedAt.desc()),
    index("listing_verifications_business_idx").on(t.businessId, t.verifiedAt.desc()).where(sql`business_id is not null`),
    index("listing_verifications_expiry_idx").on(t.expiresAt).where(sql`ended_at is null`),
    // The admins' Verification tab, newest first (migration 0047).
    index("listing_verifications_standing_idx").on(t.verifiedAt.desc(), t.id.desc()).where(sql`ended_at is null`),
  ],
);
