import { and, asc, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import { businessRevisions, businesses, listingPriceItems } from "../../../../db/schema";
import type { Db, Tx } from "../../../lib/db.server";
import { imagesOfListings } from "../listing-columns.server";
import type { PriceKind } from "../price-list.schemas";
import { AppError } from "../../../lib/app-error";
import { lockRow } from "../../../lib/audited-change.server";
import type { SessionUser } from "../../accounts/session-user";
import { canManageListing } from "../listing.policy";
import { LISTING_TEXTS } from "../listing.schemas";
import { asRevisionImage, changedReviewedFields, pendingRevisionOf, reviewedColumns, reviewedValuesOf, sameImages, type ReviewedValues } from "./listing-revisions.server";

/** A stored item's details, by name. */
export type PriceItemRow = {
  name: string;
  groupName: string | null;
  description: string | null;
  pendingDescription: string | null;
  priceKobo: number | null;
  priceKind: PriceKind | null;
  /** The photo's key (never shown: use cases turn it into a URL) and its time, the URL's version. */
  imageKey: string | null;
  imageAt: Date | null;
};

export const priceItemColumns = {
  businessId: listingPriceItems.businessId,
  name: listingPriceItems.name,
  groupName: listingPriceItems.groupName,
  description: listingPriceItems.description,
  pendingDescription: listingPriceItems.pendingDescription,
  priceKobo: listingPriceItems.priceKobo,
  priceKind: sql<PriceKind | null>`${listingPriceItems.priceKind}`,
  imageKey: listingPriceItems.imageKey,
  imageAt: listingPriceItems.imageAt,
};

/** The stored details of some listings' items (one query for a page of listings), by listing then name. */
export async function priceItemsOf(db: Db | Tx, businessIds: readonly string[]): Promise<(PriceItemRow & { businessId: string })[]> {
  if (businessIds.length === 0) return [];
  return db
    .select(priceItemColumns)
    .from(listingPriceItems)
    .where(inArray(listingPriceItems.businessId, [...businessIds]))
    .orderBy(asc(listingPriceItems.businessId), asc(listingPriceItems.name));
}

/** The descriptions waiting for an admin of some listings (the admins' queues show them). */
export async function pendingDescriptionsOf(db: Db | Tx, businessIds: readonly string[]) {
  if (businessIds.length === 0) return [];
  return db
    .select({ businessId: listingPriceItems.businessId, name: listingPriceItems.name, before: listingPriceItems.description, after: listingPriceItems.pendingDescription })
    .from(listingPriceItems)
    .where(and(inArray(listingPriceItems.businessId, [...businessIds]), isNotNull(listingPriceItems.pendingDescription)))
    .orderBy(asc(listingPriceItems.businessId), asc(listingPriceItems.name));
}

export async function hasPendingDescriptions(tx: Tx, businessId: string): Promise<boolean> {
  const [row] = await tx
    .select({ name: listingPriceItems.name })
    .from(listingPriceItems)
    .where(and(eq(listingPriceItems.businessId, businessId), isNotNull(listingPriceItems.pendingDescription)))
    .limit(1);
  return Boolean(row);
}

/**
 * An admin approved the listing or its change: the descriptions that waited become the ones the public reads.
 * Returns what changed, for the audit.
 */
export async function applyPendingDescriptions(tx: Tx, businessId: string) {
  const waiting = await pendingDescriptionsOf(tx, [businessId]);
  if (waiting.length === 0) return [];
  await tx
    .update(listingPriceItems)
    .set({ description: sql`${listingPriceItems.pendingDescription}`, pendingDescription: null, updatedAt: new Date() })
    .where(and(eq(listingPriceItems.businessId, businessId), isNotNull(listingPriceItems.pendingDescription)));
  return waiting;
}

/** An admin rejected the change: the descriptions that waited with it go; the approved ones stay. */
export async function dropPendingDescriptions(tx: Tx, businessId: string) {
  const waiting = await pendingDescriptionsOf(tx, [businessId]);
  if (waiting.length === 0) return [];
  await tx
    .update(listingPriceItems)
    .set({ pendingDescription: null, updatedAt: new Date() })
    .where(and(eq(listingPriceItems.businessId, businessId), isNotNull(listingPriceItems.pendingDescription)));
  return waiting;
}

/**
 * Puts an approved listing in the admins' queue of changes for a new item description: the change waiting for review
 * is created (with the listing's approved values, so it changes nothing else) or, when one waits, its version moves
 * on (an admin who opened it before must look again). The listing's row is locked by the caller.
 */
export async function queueDescriptionReview(tx: Tx, businessId: string, listing: ReviewedValues, submittedBy: string): Promise<void> {
  const now = new Date();
  const images = (await imagesOfListings(tx, [businessId])).map(asRevisionImage);
  await tx
    .insert(businessRevisions)
    .values({ businessId, submittedBy, ...reviewedValuesOf(listing), images, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: businessRevisions.businessId, set: { submittedBy, updatedAt: now } });
  await tx.update(businesses).set({ changeRejectedAt: null, changeRejectionReason: null }).where(eq(businesses.id, businessId));
}

/**
 * An owner's edit took back every change of an approved listing's form: the change that waits goes, unless item
 * descriptions still wait with it; then it stays, holding the approved values again (with a new version).
 */
export async function withdrawListingChange(tx: Tx, businessId: string, approved: ReviewedValues): Promise<void> {
  if (!(await hasPendingDescriptions(tx, businessId))) {
    await tx.delete(businessRevisions).where(eq(businessRevisions.businessId, businessId));
    return;
  }
  const images = (await imagesOfListings(tx, [businessId])).map(asRevisionImage);
  await tx
    .update(businessRevisions)
    .set({ ...reviewedValuesOf(approved), images, updatedAt: new Date() })
    .where(eq(businessRevisions.businessId, businessId));
}

/** Details of names no longer among the listing's products (approved or waiting) go. */
export async function dropUnlistedItems(tx: Tx, businessId: string, names: readonly string[]): Promise<void> {
  await tx
    .delete(listingPriceItems)
    .where(
      and(
        eq(listingPriceItems.businessId, businessId),
        names.length > 0 ? notInArray(listingPriceItems.name, [...names]) : sql`true`,
      ),
    );
}

export const notFound = () => new AppError("not-found", LISTING_TEXTS.notFound);

/**
 * The listing, its row locked for the transaction, when the actor may manage it (anyone else reads 'not found'), with
 * the names the owner edits (ownerNames): the start of every change to a price list.
 */
export async function lockManagedListing(tx: Tx, actor: SessionUser, businessId: string) {
  const listing = await lockRow(
    tx,
    businesses,
    { column: businesses.id, value: businessId },
    { userId: businesses.userId, approvalStatus: businesses.approvalStatus, ...reviewedColumns },
    LISTING_TEXTS.notFound,
  );
  if (!canManageListing(actor, listing)) throw notFound();
  const { names, waiting } = await ownerNames(tx, businessId, listing);
  return { listing, names, waiting };
}

/** The names the owner edits: those of the change waiting for review of an approved listing, else the listing's. */
export async function ownerNames(tx: Db | Tx, businessId: string, listing: { approvalStatus: string; products: string[] }) {
  const waiting = listing.approvalStatus === "approved" ? await pendingRevisionOf(tx, businessId) : null;
  return { names: waiting ? waiting.products : listing.products, waiting };
}


/**
 * Sets the names of an owner's items (the listing's products) as the listing form would: on a listing not yet approved
 * at once; on an approved one as the change waiting for review (ADR 4: a new name waits for an admin), started from the
 * change that waits (its other fields and images kept) or from the approved version, and withdrawn when it would change
 * nothing any more. The listing's row is locked by the caller. Answers whether the names now wait for review.
 */
export async function proposeProducts(
  tx: Tx,
  actor: { id: string },
  businessId: string,
  listing: ReviewedValues & { approvalStatus: string },
  waiting: Awaited<ReturnType<typeof pendingRevisionOf>> | null,
  products: string[],
): Promise<"saved" | "sent-for-review"> {
  const now = new Date();
  if (listing.approvalStatus !== "approved") {
    await tx.update(businesses).set({ products, updatedAt: now }).where(eq(businesses.id, businessId));
    return "saved";
  }
  const approvedImages = (await imagesOfListings(tx, [businessId])).map(asRevisionImage);
  const proposed = { ...reviewedValuesOf(waiting ?? listing), products };
  const images = waiting ? waiting.images : approvedImages;
  if (changedReviewedFields(reviewedValuesOf(listing), proposed).length === 0 && sameImages(approvedImages, images)) {
    if (waiting) await withdrawListingChange(tx, businessId, listing);
    return "saved";
  }
  const change = { submittedBy: actor.id, ...proposed, images, updatedAt: now };
  await tx.insert(businessRevisions).values({ businessId, ...change, createdAt: now }).onConflictDoUpdate({ target: businessRevisions.businessId, set: change });
  await tx.update(businesses).set({ changeRejectedAt: null, changeRejectionReason: null }).where(eq(businesses.id, businessId));
  return "sent-for-review";
}
