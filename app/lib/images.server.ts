import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getEnv } from "./env.server";
import { assertSafeKey, getStorage } from "./storage.server";

import { IMAGE_WIDTHS } from "./image-url";

export { IMAGE_WIDTHS };

/** Largest side kept for an uploaded listing image. */
export const MAX_STORED_SIDE = 1600;

export class InvalidImageError extends Error {}

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

/**
 * Decides the type from the bytes (not the name), then re-encodes to WebP without metadata
 * (EXIF, GPS, ICC) and within MAX_STORED_SIDE. Throws InvalidImageError for anything else.
 */
export async function normalizeImage(input: Buffer, maxSide = MAX_STORED_SIDE) {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw new InvalidImageError("not an image");
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new InvalidImageError(`unsupported format ${format ?? "unknown"}`);
  const { data, info } = await sharp(input, { failOn: "error" })
    .rotate() // honour EXIF orientation before the EXIF block is dropped
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, format };
}

/** A resized WebP variant of a stored listing image, cached under DATA_DIR/cache. */
export async function getImageVariant(key: string, width: number): Promise<Buffer | null> {
  assertSafeKey(key);
  const cacheFile = path.join(getEnv().DATA_DIR, "cache", "variants", `${width}`, `${key}.webp`);
  try {
    return await readFile(cacheFile);
  } catch {
    // not cached yet
  }
  const original = await getStorage().read("business-images", key);
  if (!original) return null;
  const quality = width <= IMAGE_WIDTHS.thumb ? 60 : 72;
  const variant = await sharp(original)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality })
    .toBuffer();
  await mkdir(path.dirname(cacheFile), { recursive: true });
  const temp = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(temp, variant);
  await rename(temp, cacheFile);
  return variant;
}
