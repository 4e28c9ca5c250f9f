import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "../../../lib/env.server";
import { InvalidImageError, normalizeImage } from "../../../lib/images.server";
import { LIMITS } from "../../../lib/reference";
import { getStorage } from "../../../lib/storage.server";

export type PreparedImage = { data: Buffer; width: number; height: number };

/** Checks uploads by content and size, and re-encodes them (WebP, no metadata). Null when any is bad. */
export async function prepareListingImages(files: File[]): Promise<PreparedImage[] | null> {
  const prepared: PreparedImage[] = [];
  for (const file of files) {
    if (file.size === 0 || file.size > LIMITS.businessImageMaxBytes) return null;
    try {
      const { data, width, height } = await normalizeImage(Buffer.from(await file.arrayBuffer()));
      prepared.push({ data, width, height });
    } catch (error) {
      if (error instanceof InvalidImageError) return null;
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

/** Deletes stored images and their cached resized variants. */
export async function removeListingImageFiles(keys: string[]): Promise<void> {
  const storage = getStorage();
  const cacheRoot = path.join(getEnv().DATA_DIR, "cache", "variants");
  for (const key of keys) {
    await storage.delete("business-images", key).catch(() => undefined);
    for (const width of ["320", "640", "1200"]) {
      await rm(path.join(cacheRoot, width, `${key}.webp`), { force: true }).catch(() => undefined);
    }
  }
}
