import { randomBytes } from "node:crypto";
import { AppError } from "../../../lib/app-error";
import { ImageBusyError, ImageTooLargeError, InvalidImageError, normalizeImage } from "../../../lib/images.server";
import { logger } from "../../../lib/logger.server";
import { LIMITS } from "../../../lib/reference";
import { getStorage } from "../../../lib/storage.server";
import { LISTING_TEXTS } from "../listing.schemas";

export type PreparedImage = { data: Buffer; width: number; height: number };

const imageRefusal = (failure: { title: string; text: string }) => new AppError("invalid", failure, { fields: { images: failure.text } });

/**
 * Checks uploads by content, bytes and pixels, and re-encodes them (WebP, no metadata), before anything is
 * stored. Refuses with the text the owner reads: 'Upload Failed' (not a JPEG, PNG or WebP of at most 10 MB),
 * the pixel limit, or 'try again' when the server's image work is full.
 */
export async function prepareListingImages(files: File[]): Promise<PreparedImage[]> {
  const prepared: PreparedImage[] = [];
  for (const file of files) {
    if (file.size === 0 || file.size > LIMITS.businessImageMaxBytes) throw imageRefusal(LISTING_TEXTS.uploadFailed);
    try {
      const { data, width, height } = await normalizeImage(Buffer.from(await file.arrayBuffer()));
      prepared.push({ data, width, height });
    } catch (error) {
      if (error instanceof ImageTooLargeError) throw imageRefusal(LISTING_TEXTS.imageTooLarge);
      if (error instanceof InvalidImageError) throw imageRefusal(LISTING_TEXTS.uploadFailed);
      if (error instanceof ImageBusyError) throw new AppError("unavailable", LISTING_TEXTS.imagesBusy);
      throw error;
    }
  }
  return prepared;
}

/**
 * Stores images at {businessId}/{timestamp}-{random}_{n}.webp and returns their keys in order. The random
 * part makes every upload's keys its own: two edits in the same millisecond never write the same file, and
 * the key of an image waiting for review cannot be guessed from the listing's id.
 */
export async function storeListingImages(businessId: string, images: PreparedImage[]): Promise<string[]> {
  const timestamp = `${Date.now()}-${randomBytes(6).toString("hex")}`;
  const keys: string[] = [];
  try {
    for (const [i, image] of images.entries()) {
      const key = `${businessId}/${timestamp}_${i + 1}.webp`;
      await getStorage().put("business-images", key, image.data, "image/webp");
      keys.push(key);
    }
    return keys;
  } catch (error) {
    await removeListingImageFiles(keys);
    throw error;
  }
}

/**
 * Deletes stored images; storage deletes the files derived from each (resized copies, link previews) with it.
 * The rows are already gone: a file the store fails to delete is logged (with its key, to remove by hand),
 * not thrown at the owner.
 */
export async function removeListingImageFiles(keys: string[]): Promise<void> {
  const storage = getStorage();
  for (const key of keys) {
    await storage.delete("business-images", key).catch((error) => logger.warn({ err: error, key }, "listing image file not deleted"));
  }
}
