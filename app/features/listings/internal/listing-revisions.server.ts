import { eq } from "drizzle-orm";
import { businessImages, businessRevisions, businesses, type RevisionImage } from "../../../../db/schema";
import type { Db, Tx } from "../../../lib/db.server";
import { imagesOfListings, type ListingImageRow } from "../listing-columns.server";
import { priceItemImageKeys } from "./price-item-images.server";
import { REVIEWED_FIELDS, type ReviewedField } from "../listing.schemas";

export type { RevisionImage };

/** The reviewed fields of a listing, as the businesses row (the approved version) holds them. */
export const reviewedColumns = {
  name: businesses.name,
  description: businesses.description,
  address: businesses.address,
  plotNumber: businesses.plotNumber,
  phoneNumber: businesses.phoneNumber,
  websiteUrl: businesses.websiteUrl,
  products: businesses.products,
  landmark: businesses.landmark,
};

export type ReviewedValues = { [K in ReviewedField]: K extends "name" ? string : K extends "products" ? string[] : string | null };

export function reviewedValuesOf(source: ReviewedValues): ReviewedValues {
  return Object.fromEntries(REVIEWED_FIELDS.map((field) => [field, source[field]])) as ReviewedValues;
}

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : (a ?? null) === (b ?? null);

/** The reviewed fields whose values differ, in the form's order. */
export function changedReviewedFields(before: ReviewedValues, after: ReviewedValues): ReviewedField[] {
  return REVIEWED_FIELDS.filter((field) => !sameValue(before[field], after[field]));
}

/** True when two image lists show the same files in the same order. */
export function sameImages(a: readonly { key: string }[], b: readonly { key: string }[]): boolean {
  return a.length === b.length && a.every((image, i) => image.key === b[i]!.key);
}

export function asRevisionImage(row: Pick<ListingImageRow, "id" | "key" | "width" | "height" | "createdAt">): RevisionImage {
  return { id: row.id, key: row.key, width: row.width, height: row.height, at: row.createdAt.toISOString() };
}

/** The change waiting for review of a listing, or null. Read it with the listing's row locked. */
export async function pendingRevisionOf(tx: Db | Tx, businessId: string) {
  const [revision] = await tx.select().from(businessRevisions).where(eq(businessRevisions.businessId, businessId)).limit(1);
  return revision ?? null;
}

/**
 * Every image key a listing's rows reference: the approved images, those of the change waiting for
 * review and its price list's photos. Read with the listing's row locked, before and after a change: the keys only the "before" holds
 * are the files the change left unreferenced, to delete once it is committed (never one still shown).
 */
export async function referencedImageKeys(tx: Tx, businessId: string): Promise<Set<string>> {
  const [approved, revision, items] = await Promise.all([imagesOfListings(tx, [businessId]), pendingRevisionOf(tx, businessId), priceItemImageKeys(tx, [businessId])]);
  return new Set([...approved.map((i) => i.key), ...(revision?.images ?? []).map((i) => i.key), ...items]);
}

/** The keys of `before` that `after` no longer holds. */
export function droppedKeys(before: Iterable<string>, after: Set<string>): string[] {
  return [...new Set(before)].filter((key) => !after.has(key));
}

/**
 * Replaces a listing's image rows by `images`, in order. Positions are rewritten as a whole so a reorder
 * never collides with the (business, position) key; an image that stays keeps its id and its time (the
 * version in its URL), so an edit that started from the same page still finds it.
 */
export async function writeListingImages(tx: Tx, businessId: string, images: readonly RevisionImage[]): Promise<void> {
  await tx.delete(businessImages).where(eq(businessImages.businessId, businessId));
  if (images.length === 0) return;
  await tx.insert(businessImages).values(
    images.map((image, i) => ({
      id: image.id,
      businessId,
      imageUrl: image.key,
      position: i + 1,
      width: image.width,
      height: image.height,
      createdAt: new Date(image.at),
    })),
  );
}
