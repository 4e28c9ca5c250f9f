import { eq } from "drizzle-orm";
import { businesses, listingPriceItems } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { announceDirectoryChange } from "../../lib/realtime.server";
import type { SessionUser } from "../accounts/session-user";
import { prepareListingImages, removeListingImageFiles, storeListingImages } from "./internal/listing-images.server";
import { droppedKeys, referencedImageKeys } from "./internal/listing-revisions.server";
import { dropUnlistedItems, lockManagedListing, notFound, priceItemsOf, queueDescriptionReview } from "./internal/price-items.server";
import { canManageListing } from "./listing.policy";
import { LISTING_TEXTS } from "./listing.schemas";
import { checkPriceItem, PRICE_LIST_LIMITS, PRICE_LIST_TEXTS, type PriceItemInput, type PriceKind } from "./price-list.schemas";

/** A new photo for the item (checked, re-encoded and resized like a listing's images), or its removal. */
export type PriceItemPhoto = { file?: File | null; remove?: boolean };

/** A photo the image checks refused, named as the item form's photo field. */
async function preparedPhoto(file: File) {
  try {
    const [prepared] = await prepareListingImages([file]);
    return prepared!;
  } catch (error) {
    if (error instanceof AppError && error.fields?.images) throw new AppError(error.code, { title: error.title ?? LISTING_TEXTS.uploadFailed.title, text: error.fields.images }, { fields: { photo: error.fields.images } });
    throw error;
  }
}

/**
 * An owner sets one item's group, price, short description and photo. The item is one of the listing's
 * products (the names the owner edits). The group, the price and the photo (checked as a listing's images are) apply
 * at once; a new description waits for an admin (ADR 42): on an approved listing it puts the listing in the queue of
 * changes and shows once the change is approved; on a listing not yet approved it shows once the listing is. Removing
 * a description applies at once. At most PRICE_LIST_LIMITS.groups groups. Answers whether a description now waits.
 *
 * A new photo is checked and stored first (slow work, outside any lock, only for the listing's owner); a replaced or
 * removed photo's file goes after the commit, and the new one again if the save fails.
 */
export async function savePriceItem(
  actor: SessionUser | null,
  businessId: string,
  input: PriceItemInput,
  photo: PriceItemPhoto = {},
): Promise<{ status: "saved" | "sent-for-review" }> {
  if (!actor || !isUuid(businessId)) throw notFound();
  const checked = checkPriceItem(input);
  if (!checked.ok) throw new AppError("invalid", { title: LISTING_TEXTS.updateFailed.title, text: LISTING_TEXTS.correctFields }, { fields: checked.fields });
  const item = checked.value;
  const db = getDb();
  let stored: { key: string; width: number; height: number } | null = null;
  if (photo.file && photo.file.size > 0) {
    // A first look, so that nobody else's request gets as far as storing a file; checked again under the lock.
    const [owned] = await db.select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
    if (!owned || !canManageListing(actor, owned)) throw notFound();
    const prepared = await preparedPhoto(photo.file);
    const [key] = await storeListingImages(businessId, [prepared]);
    stored = { key: key!, width: prepared.width, height: prepared.height };
  }
  let outcome: { status: "saved" | "sent-for-review"; unreferenced: string[] };
  try {
    outcome = await db.transaction(async (tx) => {
      const { listing, names, waiting } = await lockManagedListing(tx, actor, businessId);
      if (!names.includes(item.name)) throw new AppError("conflict", PRICE_LIST_TEXTS.itemNotFound);
      const rows = await priceItemsOf(tx, [businessId]);
      const current = rows.find((row) => row.name === item.name);
      const groups = new Set(rows.filter((row) => row.name !== item.name && row.groupName && names.includes(row.name)).map((row) => row.groupName!.toLowerCase()));
      if (item.groupName) groups.add(item.groupName.toLowerCase());
      if (groups.size > PRICE_LIST_LIMITS.groups) {
        throw new AppError("invalid", { title: LISTING_TEXTS.updateFailed.title, text: PRICE_LIST_TEXTS.tooManyGroups }, { fields: { group: PRICE_LIST_TEXTS.tooManyGroups } });
      }

      // The description: removed at once; the approved one again withdraws what waited; anything new waits.
      let description = current?.description ?? null;
      let pendingDescription = current?.pendingDescription ?? null;
      if (item.description === null) {
        description = null;
        pendingDescription = null;
      } else if (item.description === description) {
        pendingDescription = null;
      } else {
        pendingDescription = item.description;
      }
      const newlyWaiting = pendingDescription !== null && pendingDescription !== (current?.pendingDescription ?? null);

      const now = new Date();
      const before = await referencedImageKeys(tx, businessId);
      // The photo: a new one replaces it, a removal clears it; else it stays.
      const image = stored
        ? { imageKey: stored.key, imageWidth: stored.width, imageHeight: stored.height, imageAt: now }
        : photo.remove
          ? { imageKey: null, imageWidth: null, imageHeight: null, imageAt: null }
          : {};
      const values = {
        groupName: item.groupName, priceKobo: item.priceKobo, priceKind: item.priceKind as PriceKind | null, description, pendingDescription, ...image, updatedAt: now,
      };
      await tx
        .insert(listingPriceItems)
        .values({ businessId, name: item.name, ...values, createdAt: now })
        .onConflictDoUpdate({ target: [listingPriceItems.businessId, listingPriceItems.name], set: values });
      if (newlyWaiting && listing.approvalStatus === "approved") await queueDescriptionReview(tx, businessId, listing, actor.id);
      // Details of names that left the listing (approved or waiting) are not kept.
      await dropUnlistedItems(tx, businessId, [...new Set([...listing.products, ...(waiting?.products ?? [])])]);
      if (listing.approvalStatus === "approved") await announceDirectoryChange(tx, [businessId]);
      const unreferenced = droppedKeys(before, await referencedImageKeys(tx, businessId));
      return { status: pendingDescription !== null ? "sent-for-review" : "saved", unreferenced } as const;
    });
  } catch (error) {
    if (stored) await removeListingImageFiles([stored.key]);
    throw error;
  }
  await removeListingImageFiles(outcome.unreferenced);
  return { status: outcome.status };
}
