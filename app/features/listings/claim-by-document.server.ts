/**
 * Claims an admin reviews (issue 34, ADR 38). An owner who cannot take the code on the listing's own phone (it has
 * none, or the number is gone) sends a document that ties them to the business and a short note; so does a second
 * claimant of a listing another owner already has (a dispute). Both need the claimant's identity verified (KYC)
 * first: the reviewer checks the document against it. The document is checked as KYC checks an ID (by its bytes, size
 * and pixels, re-encoded without metadata) and kept privately in the 'kyc-documents' bucket; one pending claim per
 * owner and listing; CLAIM_LIMITS.perDay claims per owner a day. A dispute's current owner is told when it is filed
 * (not who filed it). An admin decides in the Claims tab (review-claim.server.ts).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { businesses, listingClaims } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUniqueViolation } from "../../lib/db-errors.server";
import { isUuid } from "../../lib/ids";
import { logger } from "../../lib/logger.server";
import { hitRateLimit, refundRateLimit } from "../../lib/rate-limit.server";
import { CLAIM_DOCUMENT_KINDS, type ClaimDocumentKind, type ListingClaimKind } from "../../lib/reference";
import { getStorage } from "../../lib/storage.server";
import type { SessionUser } from "../accounts/session-user";
import { getKycStatus } from "../kyc/get-kyc-status.server";
import { checkDocumentImage } from "../kyc/kyc-document.server";
import { enqueueNotice } from "../notifications/person-notices.server";
import { CLAIM_DOCUMENT_TEXTS, CLAIM_LIMITS, CLAIM_NOTE_MAX_LENGTH, CLAIM_NOTICES, CLAIM_TEXTS, isMobileNumber, type ClaimableListing } from "./claim.schemas";
import { CLAIM_DOCUMENT_BUCKET, newClaimDocumentKey, removeClaimDocuments } from "./internal/claim-documents.server";

const DAY_SECONDS = 86_400;

/** The rate-limit key of an owner's claims by document. */
export const claimLimitKey = (userId: string) => `listing-claim:${userId}`;

export type ClaimPage = {
  listing: ClaimableListing;
  /** 'claim': nobody owns it (a code to its phone, or a document); 'dispute': another owner has it (a document only). */
  mode: "claim" | "dispute";
  /** The actor's claim of this listing waiting for review, if any. */
  pending: { id: string; kind: ListingClaimKind; documentKind: ClaimDocumentKind; createdAt: string } | null;
  /** The reason of the actor's latest claim of this listing, when it was rejected (and none waits). */
  lastRejection: string | null;
  /** The actor's identity is verified: a claim by document may be sent. */
  kycApproved: boolean;
};

function requireBusinessAccount(actor: SessionUser | null): asserts actor is SessionUser {
  if (!actor) throw new AppError("unauthenticated");
  if (actor.role !== "business") throw new AppError("forbidden", CLAIM_TEXTS.businessAccountNeeded);
}

/**
 * The listing a claim may be about, for `actor`: a public listing that is an unclaimed import ('claim') or another
 * owner's ('dispute'). Throws 'not-found' for anything else (hidden, pending, an owner's suspended listing) and
 * 'conflict' (with a link to the dashboard) for the actor's own listing.
 */
async function claimTarget(actor: SessionUser, businessId: string): Promise<{ listing: ClaimableListing; mode: ClaimPage["mode"]; ownerId: string | null }> {
  if (!isUuid(businessId)) throw new AppError("not-found", CLAIM_TEXTS.notClaimable);
  const [row] = await getDb()
    .select({
      id: businesses.id, name: businesses.name, category: businesses.category, state: businesses.state, lga: businesses.lga,
      phone: businesses.phoneNumber, userId: businesses.userId,
    })
    .from(businesses)
    .where(
      and(
        eq(businesses.id, businessId),
        sql`${businesses.approved} and ${businesses.approvalStatus} = 'approved' and not ${businesses.ownerSuspended} and (${businesses.userId} is not null or ${businesses.source} is not null)`,
      ),
    )
    .limit(1);
  if (!row) throw new AppError("not-found", CLAIM_TEXTS.notClaimable);
  if (row.userId === actor.id) throw new AppError("conflict", CLAIM_TEXTS.alreadyYours);
  const { userId, ...listing } = row;
  // An owned listing is never claimed by a code: only the review of a dispute can move it.
  if (userId) return { listing: { ...listing, phone: null, byCall: false }, mode: "dispute", ownerId: userId };
  return { listing: { ...listing, byCall: listing.phone ? !isMobileNumber(listing.phone) : false }, mode: "claim", ownerId: null };
}

/** What /business/claim/:id shows the actor. Throws as claimTarget does, and 'forbidden' for a visitor or an admin. */
export async function getClaimPage(actor: SessionUser | null, businessId: string): Promise<ClaimPage> {
  requireBusinessAccount(actor);
  const { listing, mode } = await claimTarget(actor, businessId);
  const [latest] = await getDb()
    .select({ id: listingClaims.id, kind: listingClaims.kind, documentKind: listingClaims.documentKind, status: listingClaims.status, reason: listingClaims.reason, createdAt: listingClaims.createdAt })
    .from(listingClaims)
    .where(and(eq(listingClaims.businessId, listing.id), eq(listingClaims.userId, actor.id)))
    .orderBy(desc(listingClaims.createdAt))
    .limit(1);
  const kyc = await getKycStatus(actor);
  return {
    listing,
    mode,
    pending:
      latest?.status === "pending"
        ? { id: latest.id, kind: latest.kind as ListingClaimKind, documentKind: latest.documentKind as ClaimDocumentKind, createdAt: latest.createdAt.toISOString() }
        : null,
    lastRejection: latest?.status === "rejected" ? latest.reason : null,
    kycApproved: kyc.status === "approved",
  };
}

export type ClaimByDocumentInput = { businessId: string; documentKind: string; note: string; document: File | null };

/**
 * Sends a claim for review: 'document' for an unclaimed imported listing, 'dispute' for another owner's. Throws
 * 'unauthenticated', 'forbidden' (a visitor's or admin's account; identity not verified, with the link to KYC,
 * reason 'kyc'), 'not-found', 'conflict' (the actor's own listing; a claim of theirs already waits), 'invalid' (per
 * field: the kind, the note, the document's type, size or pixels), 'rate-limited', 'unavailable' (storage down).
 */
export async function claimByDocument(actor: SessionUser | null, input: ClaimByDocumentInput): Promise<{ claimId: string; kind: ListingClaimKind }> {
  requireBusinessAccount(actor);
  const { listing, mode, ownerId } = await claimTarget(actor, input.businessId);
  const kind: ListingClaimKind = mode === "claim" ? "document" : "dispute";
  if ((await getKycStatus(actor)).status !== "approved") throw new AppError("forbidden", CLAIM_DOCUMENT_TEXTS.kycNeeded, { reason: "kyc" });

  const [waiting] = await getDb()
    .select({ id: listingClaims.id })
    .from(listingClaims)
    .where(and(eq(listingClaims.businessId, listing.id), eq(listingClaims.userId, actor.id), eq(listingClaims.status, "pending")))
    .limit(1);
  if (waiting) throw new AppError("conflict", CLAIM_DOCUMENT_TEXTS.alreadyPending);

  // Free text, kept as typed (app/lib/plain-text.ts) and shown as text, in a block of its own.
  const note = input.note.replace(/\r\n?/g, "\n").trim();
  const documentKind = (CLAIM_DOCUMENT_KINDS as readonly string[]).includes(input.documentKind) ? (input.documentKind as ClaimDocumentKind) : null;
  const fields: Record<string, string> = {};
  if (!documentKind) fields.documentKind = CLAIM_DOCUMENT_TEXTS.documentKindRequired;
  if (!note) fields.note = CLAIM_DOCUMENT_TEXTS.noteRequired;
  else if (note.length > CLAIM_NOTE_MAX_LENGTH) fields.note = CLAIM_DOCUMENT_TEXTS.noteTooLong(CLAIM_NOTE_MAX_LENGTH);
  if (!input.document || input.document.size === 0) fields.document = CLAIM_DOCUMENT_TEXTS.documentRequired;
  if (Object.keys(fields).length > 0) throw new AppError("invalid", CLAIM_DOCUMENT_TEXTS.checkFields, { fields });

  const limitKey = claimLimitKey(actor.id);
  if (!(await hitRateLimit(limitKey, CLAIM_LIMITS.perDay, DAY_SECONDS)).allowed) {
    await refundRateLimit(limitKey);
    throw new AppError("rate-limited", CLAIM_DOCUMENT_TEXTS.rateLimited);
  }

  let bytes: Buffer;
  try {
    bytes = await checkDocumentImage(input.document!, "document");
  } catch (error) {
    // A file that is not a document we can read is not a claim sent: it does not count against the day's claims.
    await refundRateLimit(limitKey);
    throw error;
  }
  const key = newClaimDocumentKey(actor.id);
  try {
    await getStorage().put(CLAIM_DOCUMENT_BUCKET, key, bytes, "image/webp");
  } catch (error) {
    logger.error({ err: error }, "listing claim document upload failed");
    await refundRateLimit(limitKey);
    throw new AppError("unavailable", CLAIM_DOCUMENT_TEXTS.uploadFailed);
  }
  try {
    const claimId = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(listingClaims)
        .values({ businessId: listing.id, userId: actor.id, kind, documentKind: documentKind!, documentKey: key, note })
        .returning({ id: listingClaims.id });
      // The owner hears of a dispute when it is filed, not only when it is decided (who filed it is not said).
      if (ownerId) await enqueueNotice(tx, { userId: ownerId, texts: () => CLAIM_NOTICES.disputed(listing.name), path: "/dashboard" });
      return row!.id;
    });
    return { claimId, kind };
  } catch (error) {
    await removeClaimDocuments([key]);
    await refundRateLimit(limitKey);
    // The partial unique index refuses a second pending claim from a double submit.
    if (isUniqueViolation(error)) throw new AppError("conflict", CLAIM_DOCUMENT_TEXTS.alreadyPending);
    throw error;
  }
}
