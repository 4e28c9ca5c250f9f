import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CLAIM_DOCUMENT_KINDS, LISTING_CLAIM_KINDS, LISTING_CLAIM_STATUSES } from "../../app/lib/reference";
import { user } from "./auth";
import { businesses, inList } from "./directory";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A claim of a listing that an admin reviews (issue 34, ADR 38, migration 0043): an owner with verified identity sends
 * a document that ties them to the business and a short note, when the listing's phone cannot take a code
 * ('document', of an unclaimed imported listing), or when the listing already has another owner ('dispute'). The
 * document lives in the private 'kyc-documents' bucket under the claimant's id (`document_key`, never a public URL),
 * until the claim is withdrawn, the account deleted, or KYC_RETENTION_DAYS after the decision. One pending claim per
 * claimant and listing; the claims go with the listing and with the claimant's account.
 */
export const listingClaims = pgTable(
  "listing_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    documentKind: text("document_kind").notNull(),
    /** Private storage key in bucket kyc-documents; null once the file is deleted (document_purged_at says when). */
    documentKey: text("document_key"),
    note: text("note").notNull(),
    status: text("status").notNull().default("pending"),
    /** The admin who decided, or the claimant who withdrew. */
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
    /** Why it was rejected (the claimant reads it), or why it was closed ('another claim was approved'). */
    reason: text("reason"),
    documentPurgedAt: ts("document_purged_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("listing_claims_kind_check", sql`${t.kind} in (${inList(LISTING_CLAIM_KINDS)})`),
    check("listing_claims_status_check", sql`${t.status} in (${inList(LISTING_CLAIM_STATUSES)})`),
    check("listing_claims_document_kind_check", sql`${t.documentKind} in (${inList(CLAIM_DOCUMENT_KINDS)})`),
    check("listing_claims_note_check", sql`char_length(${t.note}) between 1 and 1000`),
    check("listing_claims_reason_check", sql`${t.reason} is null or char_length(${t.reason}) between 1 and 1000`),
    check("listing_claims_decided_check", sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} <> 'rejected' or ${t.reason} is not null)`),
    uniqueIndex("listing_claims_one_pending_idx").on(t.businessId, t.userId).where(sql`status = 'pending'`),
    index("listing_claims_pending_created_idx").on(t.createdAt, t.id).where(sql`status = 'pending'`),
    index("listing_claims_business_idx").on(t.businessId, t.createdAt.desc()),
    index("listing_claims_user_idx").on(t.userId, t.createdAt.desc()),
    index("listing_claims_document_retention_idx").on(t.decidedAt).where(sql`document_key is not null and status <> 'pending'`),
  ],
);
